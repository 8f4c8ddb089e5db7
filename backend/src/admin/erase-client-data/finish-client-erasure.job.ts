import { clientStreamId, erasureOf } from '@coseso/domain/events/event-reader';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountStore } from '../../accounts/shared/account-store.js';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { EVENT_STORE } from '../../infra/tokens.js';
import { FinishClientErasure } from './finish-client-erasure.js';
import { FINISH_CLIENT_ERASURE_JOB } from './finish-client-erasure.reactor.js';

/**
 * The follow-up of one ClientDataErased, read back from the client's stream. The event names no
 * address: the job forgets the emails held for the one the account still signs in with (gone once
 * the command finished: then there is nothing left to forget but keys already destroyed).
 */
@Injectable()
export class FinishClientErasureJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly erasure: FinishClientErasure,
    private readonly accounts: AccountStore,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  onModuleInit(): void {
    this.jobs.register(FINISH_CLIENT_ERASURE_JOB, async ({ clientId, eventId }) => {
      const stored = (await this.store.readStream(clientStreamId(clientId))).find(
        (e) => e.eventId === eventId,
      );
      const erased = stored && erasureOf(stored);
      if (!erased) throw new Error(`event ${eventId} is not an erasure of client ${clientId}`);
      const address = await this.accounts.emailOf(clientId);
      await this.erasure.finish({
        clientId,
        orderIds: erased.orderIds,
        addresses: address ? [address] : [],
      });
    });
  }
}
