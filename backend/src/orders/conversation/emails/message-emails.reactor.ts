import { isOrderStream, orderIdOf, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../../../reactors/reactor.js';

/** Each message of a conversation may call for an email to the other side: one job, keyed by the event. */
export const messageEmailsReactor: Reactor = {
  name: 'message-emails',
  react(event) {
    if (!isOrderStream(event.streamId) || event.type !== 'MessagePosted') return [];
    const message = readOrderEvent(event);
    if (message.type !== 'MessagePosted') return [];
    return [
      {
        name: 'message-email',
        jobId: `message-email:${event.eventId}`,
        data: { orderId: orderIdOf(event), eventId: event.eventId, author: message.data.author },
      },
    ];
  },
};
