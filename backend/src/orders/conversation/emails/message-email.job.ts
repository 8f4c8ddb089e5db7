import { agencyContact } from '@coseso/domain/shared/agency-contact';
import { type Clock } from '@coseso/domain/shared/clock';
import { orderStreamId, readOrderEvent } from '@coseso/domain/events/event-reader';
import { conversationOf } from '@coseso/domain/orders/decider/conversation.decider';
import { type MessageAuthor } from '@coseso/event-schemas/order/order-keys';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EmailService } from '../../../emails/email-service.js';
import { JobQueue } from '../../../infra/jobs/job-queue.js';
import { CLOCK, EVENT_STORE } from '../../../infra/tokens.js';
import { OrderCommandRunner } from '../../../write-side/order-command-runner.js';
import { MESSAGE_EMAIL_WINDOW_MS, MessageEmailWindows } from './message-email-windows.js';

const SHOWN = 5;
const other = (side: MessageAuthor): MessageAuthor => (side === 'client' ? 'team' : 'client');

/**
 * Emails the other side when a message arrives, at most once per 15 minutes per order and
 * recipient: the first message of a quiet conversation is told at once; those that follow within
 * the window wait for its end in one delayed job, keyed by the order, the recipient and the email
 * it follows (so every message of the window names the same job, which BullMQ keeps once), and are
 * told together then. Nothing is sent for messages the recipient has read meanwhile.
 */
@Injectable()
export class MessageEmailJobs implements OnModuleInit {
  private readonly logger = new Logger('MessageEmails');

  constructor(
    private readonly jobs: JobQueue,
    private readonly orders: OrderCommandRunner,
    private readonly windows: MessageEmailWindows,
    private readonly emails: EmailService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.jobs.register('message-email', ({ orderId, eventId, author }) =>
      this.tell(orderId, other(author), `event:${eventId}`),
    );
    this.jobs.register('message-digest', ({ orderId, recipient, after }) =>
      this.tell(orderId, recipient, `after:${after}`),
    );
  }

  private async tell(orderId: string, recipient: MessageAuthor, claimKey: string): Promise<void> {
    const order = await this.orders.current(orderId);
    const conversation = conversationOf(order);
    const unread = conversation.messages - conversation.readUpTo[recipient];
    if (unread <= 0) return; // read meanwhile: nothing to tell
    const to = recipient === 'team' ? agencyContact.supportEmail : order.form.contactEmail;
    if (!to) return;
    const now = this.clock.now();
    const claim = await this.windows.claim(orderId, recipient, now, claimKey, conversation.messages);
    if (!claim.claimed) {
      const after = claim.sentAt.toISOString();
      // Our own window not over yet (a clock a little behind the queue's): tried again with backoff.
      if (`after:${after}` === claimKey) throw new Error('message digest ran before its window ended');
      await this.jobs.enqueue(
        'message-digest',
        { orderId, recipient, after },
        {
          jobId: `message-digest:${orderId}:${recipient}:${claim.sentAt.getTime()}`,
          delayMs: Math.max(1, claim.sentAt.getTime() + MESSAGE_EMAIL_WINDOW_MS - now.getTime()),
        },
      );
      return;
    }
    // What came since the last email, and the recipient has not read.
    const after = Math.max(claim.from, conversation.readUpTo[recipient]);
    const messages = (await this.store.readStream(orderStreamId(orderId)))
      .map(readOrderEvent)
      .flatMap((event) =>
        event.type === 'MessagePosted' && event.data.seq > after && event.data.seq <= claim.upTo
          ? [event.data]
          : [],
      );
    if (messages.length === 0) return;
    await this.emails.send(
      'new-messages',
      to,
      {
        firstName: recipient === 'client' ? order.form.contactFirstName : null,
        orderNumber: order.orderNumber,
        companyName: order.form.companyName || `Commande #${order.orderNumber}`,
        recipient,
        messages: messages.slice(0, SHOWN).map((m) => ({ text: m.text, attachments: m.attachments.length })),
        total: messages.length,
        orderUrl: recipient === 'client' ? `/dashboard/${orderId}?tab=messages` : `/admin?order=${orderId}`,
      },
      `message-email:${orderId}:${recipient}:${claimKey}`,
      { orderId },
    );
    this.logger.log({ msg: 'conversation email sent', orderId, recipient, messages: messages.length });
  }
}
