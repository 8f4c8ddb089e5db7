import { isOrderStream, orderIdOf } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../../reactors/reactor.js';

export const RESTART_SUBSCRIPTION_JOB = 'restart-subscription';

/**
 * A reactivated order whose subscription ended with its cancellation starts it again (decision 132):
 * at the provider, by a job keyed by the reactivation, which reads the order to know whether there is
 * one to restart (most reactivations have none, and the job then does nothing). A refund that fails
 * after the reactivation may give the first month back to the order (decision 126): the job keyed by
 * that failure looks again.
 */
export const restartSubscriptionReactor: Reactor = {
  name: 'restart-subscription',
  react(event) {
    if (
      !isOrderStream(event.streamId) ||
      (event.type !== 'OrderReactivated' && event.type !== 'RefundFailed')
    )
      return [];
    return [
      {
        name: RESTART_SUBSCRIPTION_JOB,
        jobId: `restart-subscription:${event.eventId}`,
        data: { orderId: orderIdOf(event), eventId: event.eventId },
      },
    ];
  },
};
