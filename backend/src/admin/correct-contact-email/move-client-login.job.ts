import { orderStreamId, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { EVENT_STORE } from '../../infra/tokens.js';
import { MoveClientLogin } from './move-client-login.js';
import { MOVE_CLIENT_LOGIN_JOB } from './move-client-login.reactor.js';
import { OrderSentEmails } from './sent-emails.js';

/**
 * The follow-up of one ContactEmailCorrected, read back from the order's stream (the job holds no
 * address): the login's move, then the emails the team chose, each keyed so a second run does nothing.
 */
@Injectable()
export class MoveClientLoginJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly move: MoveClientLogin,
    private readonly sent: OrderSentEmails,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  onModuleInit(): void {
    this.jobs.register(MOVE_CLIENT_LOGIN_JOB, async ({ orderId, eventId }) => {
      const stored = (await this.store.readStream(orderStreamId(orderId))).find((e) => e.eventId === eventId);
      if (!stored) throw new Error(`event ${eventId} is not in order ${orderId}'s stream`);
      const event = readOrderEvent(stored);
      if (event.type !== 'ContactEmailCorrected') return;
      await this.move.follow({
        orderId,
        email: event.data.email,
        commandId: event.metadata.commandId,
        actor: event.metadata.actor,
        causationId: eventId,
      });
      // After the login moved (a contract link is then signed in with it), keyed as the command's own.
      await this.sent.resend(orderId, event.data.resend, event.metadata.commandId);
    });
  }
}
