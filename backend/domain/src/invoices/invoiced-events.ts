import { type RecordedOrderEvent } from '../events/event-reader.js';
import { type OrderState } from '../orders/order-state.js';
import { type InvoicedPurpose, type PaymentMeans, paymentMeansKinds } from './invoice-document.js';
import { type InvoicedPayment } from './invoice-document-for.js';

/** The order events that are money received, each invoiced once, and what each invoices. */
export const invoicedEventPurposes: Readonly<Record<string, InvoicedPurpose>> = {
  DepositPaid: 'deposit',
  SetupFeePaid: 'setup_fee',
  BalancePaid: 'balance',
  FirstMonthlyPaymentPaid: 'first_month',
  SubscriptionRenewed: 'renewal',
  AccountManagerAdded: 'account_manager',
};

export const issuesInvoice = (type: string): boolean => type in invoicedEventPurposes;

/**
 * The payment a money event invoices, read from the event and the order as the event's command
 * left it (a first month's subscription period is started by the same command). An offline
 * payment is the same event with provider `offline`.
 */
export function invoicedPaymentOf(event: RecordedOrderEvent, order: OrderState): InvoicedPayment | null {
  const purpose = invoicedEventPurposes[event.type];
  if (!purpose || !('payment' in event.data) || !('amount' in event.data)) return null;
  const paidAt = event.metadata.occurredAt;
  // A renewal pays for the subscription's own period (from where the last one ended); a first month's
  // starts at its payment, as did a version 1 renewal's (it named no start).
  const periodStart =
    event.type === 'SubscriptionRenewed' ? (event.data.currentPeriodStart ?? paidAt) : paidAt;
  const periodEnd =
    event.type === 'SubscriptionRenewed'
      ? event.data.currentPeriodEnd
      : purpose === 'first_month'
        ? order.subscription.currentPeriodEnd
        : null;
  return {
    purpose,
    provider: event.data.payment.provider,
    paymentId: event.data.payment.paymentId,
    amountWithVat: event.data.amount,
    paidAt,
    ...(event.data.payment.receivedOn ? { receivedOn: event.data.payment.receivedOn } : {}),
    ...meansOf(event.data.payment),
    ...(periodStart && periodEnd && periodEnd > periodStart
      ? { servicePeriod: { start: periodStart, end: periodEnd } }
      : {}),
  };
}

/** The means an offline payment's event names (`payment.means`), when it names one we know. */
function meansOf(payment: object): { means?: PaymentMeans } {
  const means = 'means' in payment ? payment.means : undefined;
  return paymentMeansKinds.includes(means as PaymentMeans) ? { means: means as PaymentMeans } : {};
}

/** The 14-day satisfaction guarantee: one rule, kept with the refunds it gives (orders/refund-requests). */
export {
  GUARANTEE_DAYS,
  GUARANTEE_REFUND_REASON as CANCELLATION_REASON,
  withinGuarantee as cancelledWithinGuarantee,
} from '../orders/refund-requests.js';
