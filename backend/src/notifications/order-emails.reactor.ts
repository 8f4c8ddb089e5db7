import { type Reactor } from '../reactors/reactor.js';
import { sendsEmail } from './order-emails.js';

export const ORDER_EMAIL_JOB = 'order-email';

/** Every order event the client hears about becomes one email job, keyed by the event. */
export const orderEmailsReactor: Reactor = {
  name: 'order-emails',
  react(event) {
    if (!event.streamId.startsWith('order-') || !sendsEmail(event.type)) return [];
    return [
      {
        name: ORDER_EMAIL_JOB,
        jobId: `order-email:${event.eventId}`,
        data: {
          orderId: event.streamId.slice('order-'.length),
          eventId: event.eventId,
          type: event.type,
          data: event.data,
          occurredAt: String(event.metadata['occurredAt']),
        },
      },
    ];
  },
};
