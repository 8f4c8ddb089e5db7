import { type ProjectorStatus } from '@coseso/projections/projection-status';
import { Query } from '@nestjs/cqrs';

/** Where each projector stands (what `npm run projections-status` prints), for the operators' screen. */
export class GetProjectionsStatusQuery extends Query<readonly ProjectorStatus[]> {}
