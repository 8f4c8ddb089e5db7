import { type ChainReport } from '@coseso/event-store/verify-hash-chain';
import { Query } from '@nestjs/cqrs';

/** Every stream's hash chain recomputed from the log (what `npm run verify-log` does). */
export class VerifyLogQuery extends Query<ChainReport> {}
