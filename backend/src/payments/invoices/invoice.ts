import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type OrderState } from '@coseso/domain/orders/order-state';
import { paymentPurposeLabels } from '@coseso/domain/orders/payment-labels';
import { withoutVat } from '@coseso/domain/pricing/money';
import { DomainError } from '@coseso/domain/shared/domain-error';

export interface InvoiceLine {
  readonly label: string;
  readonly paidAt: string;
  readonly paymentId: string;
  /** Euro cents. */
  readonly amountWithVat: number;
  readonly amountHT: number;
  readonly vat: number;
}

export interface Invoice {
  readonly number: string;
  readonly orderNumber: number;
  readonly customer: {
    readonly company: string;
    readonly name: string;
    readonly email: string;
    readonly address: string;
  };
  readonly lines: readonly InvoiceLine[];
  readonly totalWithVat: number;
  readonly totalHT: number;
  readonly vat: number;
}

const line = (
  label: string,
  payment: { paymentId: string },
  amountWithVat: number,
  paidAt: string,
): InvoiceLine => {
  const amountHT = withoutVat(amountWithVat);
  return {
    label,
    paidAt,
    paymentId: payment.paymentId,
    amountWithVat,
    amountHT,
    vat: amountWithVat - amountHT,
  };
};

/**
 * The invoice of what the order has paid so far (first and final payments), computed from the order
 * alone: the same order gives the same invoice, numbered after the order and its payment count.
 */
export function invoiceOf(order: OrderState): Invoice {
  const lines: InvoiceLine[] = [];
  if (order.firstPayment) {
    const purpose = order.firstPayment.kind === 'deposit' ? 'deposit' : 'setup_fee';
    lines.push(
      line(
        paymentPurposeLabels[purpose],
        order.firstPayment.payment,
        order.firstPayment.amount,
        order.firstPayment.paidAt,
      ),
    );
  }
  if (order.finalPayment) {
    const purpose = order.price?.billingPeriod === 'monthly' ? 'first_month' : 'balance';
    lines.push(
      line(
        paymentPurposeLabels[purpose],
        order.finalPayment.payment,
        order.finalPayment.amount,
        order.finalPayment.paidAt,
      ),
    );
  }
  if (lines.length === 0) {
    throw new DomainError(
      ErrorCode.INVOICE_NOTHING_PAID,
      "Aucun paiement n'est encore enregistré pour cette commande.",
      'conflict',
    );
  }
  const form = order.form;
  return {
    number: `F${order.orderNumber}-${lines.length}`,
    orderNumber: order.orderNumber,
    customer: {
      company: form.companyName ?? '',
      name: `${form.contactFirstName ?? ''} ${form.contactLastName ?? ''}`.trim(),
      email: form.contactEmail ?? '',
      address: form.companyAddress ?? '',
    },
    lines,
    totalWithVat: lines.reduce((sum, l) => sum + l.amountWithVat, 0),
    totalHT: lines.reduce((sum, l) => sum + l.amountHT, 0),
    vat: lines.reduce((sum, l) => sum + l.vat, 0),
  };
}
