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
    ...(periodEnd && periodEnd > paidAt ? { servicePeriod: { start: paidAt, end: periodEnd } } : {}),
  };
}

/** The means an offline payment's event names (`payment.means`), when it names one we know. */
function meansOf(payment: object): { means?: PaymentMeans } {
  const means = 'means' in payment ? payment.means : undefined;
  return paymentMeansKinds.includes(means as PaymentMeans) ? { means: means as PaymentMeans } : {};
}

/** The 14-day satisfaction guarantee: a paid order cancelled within it is refunded in full. */
export const GUARANTEE_DAYS = 14;

export const CANCELLATION_REASON = `Annulation de la commande dans le délai de garantie de ${GUARANTEE_DAYS} jours`;

/**
 * Whether a cancellation calls for credit notes of the order's invoices: the order was paid, and
 * it is cancelled within 14 days of its first payment.
 */
export function cancelledWithinGuarantee(order: OrderState, cancelledAt: string): boolean {
  if (!order.firstPayment) return false;
  const elapsed = Date.parse(cancelledAt) - Date.parse(order.firstPayment.paidAt);
  return elapsed >= 0 && elapsed <= GUARANTEE_DAYS * 24 * 60 * 60 * 1000;
}
