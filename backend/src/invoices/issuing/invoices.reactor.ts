import { isOrderStream, orderIdOf, readOrderEvent } from '@coseso/domain/events/event-reader';
import { issuesInvoice } from '@coseso/domain/invoices/invoiced-events';
import { type Reactor } from '../../reactors/reactor.js';

export const ISSUE_INVOICE_JOB = 'issue-invoice' as const;
export const CREDIT_CANCELLATION_JOB = 'credit-cancellation' as const;
export const CREDIT_REFUND_JOB = 'credit-refund' as const;
export const REINVOICE_JOB = 'reinvoice-reactivation' as const;

/**
 * Each money event of an order is invoiced, and a refund (or a legacy cancellation) calls for credit notes: one job
 * per event, keyed by it (a replayed event enqueues nothing new, and the issue itself is once per
 * event whatever runs it).
 */
export const invoicesReactor: Reactor = {
  name: 'invoices',
  react(event) {
    if (!isOrderStream(event.streamId)) return [];
    const data = { orderId: orderIdOf(event), eventId: event.eventId };
    if (issuesInvoice(event.type))
      return [{ name: ISSUE_INVOICE_JOB, jobId: `invoice:${event.eventId}`, data }];
    // A cancellation credits nothing itself: within the guarantee the refund's report does (below).
    // Only a version 1 cancellation (legacy), issued its credit notes itself: a replay finds them issued.
    if (event.type === 'OrderCancelled') {
      const cancelled = readOrderEvent(event);
      return cancelled.type === 'OrderCancelled' && cancelled.data.guaranteeRefund === 'legacy'
        ? [{ name: CREDIT_CANCELLATION_JOB, jobId: `credit:${event.eventId}`, data }]
        : [];
    }
    if (event.type === 'PaymentRefunded')
      return [{ name: CREDIT_REFUND_JOB, jobId: `credit-refund:${event.eventId}`, data }];
    // A reactivation after a version 1 cancellation invoices again what it keeps (the job decides what).
    if (event.type === 'OrderReactivated')
      return [{ name: REINVOICE_JOB, jobId: `reinvoice:${event.eventId}`, data }];
    return [];
  },
};
