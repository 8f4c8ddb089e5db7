import { isOrderStream, orderIdOf, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../reactors/reactor.js';
import { sendsEmail } from './order-emails.js';

export const ORDER_EMAIL_JOB = 'order-email';

/** Every order event the client hears about becomes one email job, keyed by the event. */
export const orderEmailsReactor: Reactor = {
  name: 'order-emails',
  react(event) {
    if (!isOrderStream(event.streamId) || !sendsEmail(event.type)) return [];
    const { metadata, ...order } = readOrderEvent(event);
    return [
      {
        name: ORDER_EMAIL_JOB,
        jobId: `order-email:${event.eventId}`,
        data: {
          orderId: orderIdOf(event),
          eventId: event.eventId,
          ...order,
          occurredAt: metadata.occurredAt,
        },
      },
    ];
  },
};
