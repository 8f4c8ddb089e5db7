import { type EventStore } from '@coseso/event-store/event-store';
import { type ChainReport, verifyHashChain } from '@coseso/event-store/verify-hash-chain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { rawEventStore } from '../../infra/personal-data/personal-data-event-store.js';
import { EVENT_STORE } from '../../infra/tokens.js';
import { VerifyLogQuery } from './verify-log.query.js';

@QueryHandler(VerifyLogQuery)
export class VerifyLogHandler implements IQueryHandler<VerifyLogQuery> {
  /** One check at a time: a second click while one runs gets the same answer. */
  private running: Promise<ChainReport> | null = null;

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute(): Promise<ChainReport> {
    // The chain covers what the adapter stored: personal fields as ciphertext.
    this.running ??= verifyHashChain(rawEventStore(this.store)).finally(() => (this.running = null));
    return this.running;
  }
}
