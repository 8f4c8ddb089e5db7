import { isOrderStream, orderIdOf } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../../reactors/reactor.js';

export const REFUND_REFUSED_PAYMENT_JOB = 'refund-refused-payment';

/**
 * A payment the order refused (PaymentRefused) is refunded at the provider afterwards, by a job keyed
 * by the refusal's event: retried until the provider answers, once however often the event is read
 * again, and recorded on the order (RefundFailed) if it gives up.
 */
export const refusedPaymentsReactor: Reactor = {
  name: 'refused-payments',
  react(event) {
    if (!isOrderStream(event.streamId) || event.type !== 'PaymentRefused') return [];
    return [
      {
        name: REFUND_REFUSED_PAYMENT_JOB,
        jobId: `refund-refused:${event.eventId}`,
        data: { orderId: orderIdOf(event), eventId: event.eventId },
      },
    ];
  },
};
