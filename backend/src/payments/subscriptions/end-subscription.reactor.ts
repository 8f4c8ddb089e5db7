import { isOrderStream, orderIdOf, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../../reactors/reactor.js';

export const END_SUBSCRIPTION_JOB = 'end-subscription';

/**
 * A subscription that ended with its order is ended at the provider afterwards, by a job keyed by the
 * event: retried until the provider answers, and once however often the event is read again.
 */
export const endSubscriptionReactor: Reactor = {
  name: 'end-subscription',
  react(event) {
    if (!isOrderStream(event.streamId) || event.type !== 'SubscriptionCancelled') return [];
    const recorded = readOrderEvent(event);
    if (recorded.type !== 'SubscriptionCancelled' || !recorded.data.endedWithOrder) return [];
    return [
      {
        name: END_SUBSCRIPTION_JOB,
        jobId: `end-subscription:${event.eventId}`,
        data: { orderId: orderIdOf(event), subscriptionId: recorded.data.subscriptionId },
      },
    ];
  },
};
