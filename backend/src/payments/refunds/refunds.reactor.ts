import { isOrderStream, orderIdOf, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../../reactors/reactor.js';

export const REFUND_PAYMENT_JOB = 'refund-payment';

/**
 * A refund the team asked for (a cancellation within the guarantee, or « Rembourser ») is made at the
 * provider afterwards, by a job keyed by the event: retried until the provider answers, once however
 * often the event is read again, and recorded on the order (RefundFailed) if it gives up.
 */
export const refundsReactor: Reactor = {
  name: 'refunds',
  react(event) {
    if (!isOrderStream(event.streamId) || event.type !== 'RefundRequested') return [];
    const requested = readOrderEvent(event);
    if (requested.type !== 'RefundRequested') return [];
    return [
      {
        name: REFUND_PAYMENT_JOB,
        jobId: `refund:${event.eventId}`,
        data: {
          orderId: orderIdOf(event),
          eventId: event.eventId,
          paymentId: requested.data.payment.paymentId,
          amount: requested.data.amount,
        },
      },
    ];
  },
};
