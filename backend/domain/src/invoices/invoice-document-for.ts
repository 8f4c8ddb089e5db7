import { type PaymentProviderKey } from '@coseso/event-schemas/order/order-values';
import { type OrderForm } from '../orders/order-form.js';
import { type OrderState } from '../orders/order-state.js';
import { formatEurosTTC } from '../pricing/format-euros.js';
import { percentOf, roundDiv } from '../pricing/money.js';
import { ErrorCode } from '../shared/error-codes.js';
import { DomainError } from '../shared/domain-error.js';
import {
  type DepositDeducted,
  type InvoiceBuyer,
  type InvoiceDocument,
  type InvoicedPurpose,
  type InvoiceKind,
  type PaymentMeans,
  type SellerIdentity,
  type VatBreakdown,
  INVOICE_LAYOUT,
  frenchDate,
  invoiceMentions,
  invoiceTotals,
  isInvoiceNumberOf,
  parisDay,
  yearFrom,
} from './invoice-document.js';
import { invoiceLinesFor } from './invoice-lines.js';
import { frenchAddressOf } from './french-address.js';
import { isValidSiren } from './siren.js';

/** A payment received for an order: what issues an invoice. */
export interface InvoicedPayment {
  readonly purpose: InvoicedPurpose;
  readonly provider: PaymentProviderKey;
  readonly paymentId: string;
  /** What was paid, TTC (the payment event's amount). */
  readonly amountWithVat: number;
  /** ISO instant of the payment event. */
  readonly paidAt: string;
  /** An offline payment's day of receipt (Paris calendar), as the team recorded it: its payment date. */
  readonly receivedOn?: string;
  /** A subscription month: from the payment to the period's end (the renewal event's `currentPeriodEnd`). */
  readonly servicePeriod?: { readonly start: string; readonly end: string };
  /** How it was paid; absent: a card for a provider's payment, unknown (« virement ou chèque ») offline. */
  readonly means?: PaymentMeans;
  /**
   * What the order kept of the payment, TTC, when it was refunded in part before this invoice: a
   * reactivation after a version 1 cancellation invoices again what the order kept (decision 126).
   * The invoice is then of that part alone (`keptPartOf`); absent, of the whole payment.
   */
  readonly keptWithVat?: number;
}

export interface InvoiceDocumentInput {
  readonly order: OrderState;
  readonly payment: InvoicedPayment;
  /** Allocated by the numbering stream (F-YYYY-NNNNNN). */
  readonly number: string;
  /** ISO instant of the issue (the InvoiceIssued event's). */
  readonly issuedAt: string;
  readonly seller: SellerIdentity;
  /** For a balance: the deposit invoices issued for this order, deducted. */
  readonly depositsInvoiced?: readonly DepositDeducted[];
}

function requireNumber(kind: InvoiceKind, number: string): void {
  if (!isInvoiceNumberOf(kind, number)) {
    throw new DomainError(
      ErrorCode.INVOICE_NUMBER_INVALID,
      `Numéro de ${kind === 'credit_note' ? 'l’avoir' : 'la facture'} invalide : « ${number} ».`,
      'invalid',
    );
  }
}

/** The invoice of one payment: a deposit invoice for a deposit, an invoice otherwise. Refuses amounts that do not add up to what was paid. */
export function invoiceDocumentFor(input: InvoiceDocumentInput): InvoiceDocument {
  const { order, payment } = input;
  const kind: InvoiceKind = payment.purpose === 'deposit' ? 'deposit_invoice' : 'invoice';
  requireNumber(kind, input.number);
  // The lines' periods change no amount: the totals are those of the items.
  const totals = invoiceTotals(invoiceLinesFor(order, payment.purpose));
  const depositsDeducted = payment.purpose === 'balance' ? [...(input.depositsInvoiced ?? [])] : [];
  const deducted = depositsDeducted.reduce((sum, deposit) => sum + deposit.amountWithVat, 0);
  const amountDueWithVat = totals.totalWithVat - deducted - payment.amountWithVat;
  // A balance whose deposit invoice in force is of the part kept after a partial refund (decision 126)
  // cannot deduct it as the whole deposit: the balance is then invoiced alone, the deposit's own
  // invoice standing beside it.
  const besideKeptDeposit = payment.purpose === 'balance' && depositsDeducted.some(isKeptPartOf(order));
  // Of the part kept of a payment refunded in part (decision 126): an invoice of that part alone, no
  // deposit deducted (`keptPartOf`), whatever the payment's own invoice deducted.
  const keptPart = payment.keptWithVat !== undefined && payment.keptWithVat < payment.amountWithVat;
  if (amountDueWithVat !== 0 && !besideKeptDeposit && !keptPart) {
    throw new DomainError(
      ErrorCode.INVOICE_AMOUNT_MISMATCH,
      `Le paiement de ${formatEurosTTC(payment.amountWithVat)} ne correspond pas au montant facturé de ${formatEurosTTC(totals.totalWithVat - deducted)}.`,
      'conflict',
    );
  }
  const paymentDate = payment.receivedOn ?? parisDay(payment.paidAt);
  const servicePeriod = payment.servicePeriod
    ? { startDate: parisDay(payment.servicePeriod.start), endDate: parisDay(payment.servicePeriod.end) }
    : null;
  const linePeriod =
    servicePeriod ??
    (payment.purpose === 'balance' || payment.purpose === 'account_manager' ? yearFrom(paymentDate) : null);
  const lines = invoiceLinesFor(order, payment.purpose, linePeriod);
  const means = payment.means ?? (payment.provider === 'offline' ? undefined : 'card');
  const document: InvoiceDocument = {
    kind,
    number: input.number,
    issueDate: parisDay(input.issuedAt),
    paymentDate,
    currency: 'EUR',
    order: { orderId: order.orderId, orderNumber: order.orderNumber },
    purpose: payment.purpose,
    servicePeriod,
    payment: {
      provider: payment.provider,
      paymentId: payment.paymentId,
      amountWithVat: payment.amountWithVat,
      ...(means ? { means } : {}),
    },
    corrects: null,
    seller: input.seller,
    buyer: invoiceBuyerOf(order.form),
    lines,
    ...totals,
    depositsDeducted,
    paidWithVat: payment.amountWithVat,
    amountDueWithVat,
    mentions: invoiceMentions(
      kind,
      paymentDate,
      payment.provider,
      payment.provider === 'offline' ? payment.paymentId : null,
      means ?? null,
    ),
    layout: INVOICE_LAYOUT,
    deliveryDate: servicePeriod?.startDate ?? paymentDate,
  };
  const kept = payment.keptWithVat ?? payment.amountWithVat;
  if (besideKeptDeposit)
    return keptPartOf(
      document,
      kept,
      depositsDeducted.map((d) => d.number),
    );
  return kept < payment.amountWithVat ? keptPartOf(document, kept) : document;
}

/** A deposit invoice of less than the order's deposit: of the part kept after a partial refund. */
const isKeptPartOf = (order: OrderState) => {
  let deposit: number | null = null;
  try {
    deposit = invoiceTotals(invoiceLinesFor(order, 'deposit')).totalWithVat;
  } catch {
    // An order without a deposit deducts none.
  }
  return (invoiced: DepositDeducted) => deposit !== null && invoiced.amountWithVat < deposit;
};

const keptPurposeTexts: Record<InvoiceDocument['purpose'], string> = {
  deposit: 'Acompte',
  setup_fee: 'Frais de mise en service',
  balance: 'Solde',
  first_month: 'Premier mois',
  renewal: 'Mois d’abonnement',
  account_manager: 'Chef de projet dédié',
};

/**
 * The invoice of the part of a payment the order kept after a partial refund (decision 126: a
 * reactivation after a version 1 cancellation invoices again what the order holds): one line per
 * VAT rate of the sale, each its share of what was kept (as a partial credit note splits what it
 * gives back), no deposit deducted (the deposit's own invoice stands), paid in full. Its `payment`
 * still names the payment whole (the same receipt as the first invoice's, counted once).
 */
function keptPartOf(
  document: InvoiceDocument,
  keptWithVat: number,
  /** A balance invoiced alone: the deposit invoices (of a part kept) standing beside it. */
  depositsBeside: readonly string[] = [],
): InvoiceDocument {
  const paid = document.payment!.amountWithVat;
  if (!Number.isInteger(keptWithVat) || keptWithVat <= 0 || keptWithVat > paid) {
    throw new DomainError(
      ErrorCode.INVOICE_AMOUNT_MISMATCH,
      `Une facture de ${formatEurosTTC(keptWithVat)} ne peut pas porter sur un paiement de ${formatEurosTTC(paid)}.`,
      'conflict',
    );
  }
  const vatBreakdown = vatSharesOf(document.vatBreakdown, keptWithVat);
  const paidOn = frenchDate(document.paymentDate!);
  const facts = [
    keptWithVat < paid
      ? `${formatEurosTTC(paid)} payés le ${paidOn}, dont ${formatEurosTTC(paid - keptWithVat)} remboursés`
      : `Payé le ${paidOn}`,
    ...(depositsBeside.length > 0
      ? [`l’acompte, remboursé en partie, est facturé à part (${depositsBeside.join(', ')})`]
      : []),
  ];
  const period = document.servicePeriod ?? document.lines.find((line) => line.servicePeriod)?.servicePeriod;
  const what = `${keptPurposeTexts[document.purpose]} de la commande n° ${document.order.orderNumber}`;
  const lines = vatBreakdown.map(({ vatRatePercent, baseAmount }) => ({
    label: keptWithVat < paid ? `${what} : part conservée après un remboursement partiel` : what,
    description: [
      ...facts,
      ...(vatBreakdown.length > 1
        ? [`part au taux de TVA de ${String(vatRatePercent).replace('.', ',')} %`]
        : []),
    ].join(' ; '),
    quantity: 1,
    unit: 'C62' as const,
    unitPrice: baseAmount,
    vatRatePercent,
    totalAmount: baseAmount,
    ...(period ? { servicePeriod: period } : {}),
  }));
  const totalAmount = vatBreakdown.reduce((sum, rate) => sum + rate.baseAmount, 0);
  const vatAmount = vatBreakdown.reduce((sum, rate) => sum + rate.vatAmount, 0);
  return {
    ...document,
    lines,
    vatBreakdown,
    totalAmount,
    vatAmount,
    totalWithVat: totalAmount + vatAmount,
    depositsDeducted: [],
    paidWithVat: keptWithVat,
    amountDueWithVat: 0,
  };
}

export interface CreditNoteInput {
  /** Allocated by the credit notes' numbering stream (A-YYYY-NNNNNN). */
  readonly number: string;
  readonly issuedAt: string;
  /** Why: "Annulation de la commande dans le délai de 14 jours", "Remboursement"… */
  readonly reason: string;
  /** ISO instant of the refund, when the money went back. */
  readonly refundedAt: string | null;
  /** What it gives back, TTC; absent, everything the invoice collected. */
  readonly amountWithVat?: number;
}

/** What an invoice collected, TTC: the payment it acknowledges (a final invoice's deposits are their own invoices'). */
export const collectedWithVat = (invoice: InvoiceDocument): number =>
  invoice.totalWithVat - invoice.depositsDeducted.reduce((sum, deposit) => sum + deposit.amountWithVat, 0);

/**
 * The credit note of an invoice (an invoice is never changed), naming it. Giving back all the
 * invoice collected, it repeats the invoice's lines and totals: a final invoice's deducted deposits
 * are given back by a credit note of their own deposit invoice. Giving back less (a partial
 * refund), it has one line per VAT rate of the invoice, each the rate's share of the amount.
 */
export function creditNoteFor(invoice: InvoiceDocument, input: CreditNoteInput): InvoiceDocument {
  if (invoice.kind === 'credit_note') {
    throw new DomainError(
      ErrorCode.INVOICE_NOT_CORRECTABLE,
      `Un avoir ne se corrige pas par un avoir : ${invoice.number} est déjà un avoir.`,
      'conflict',
    );
  }
  requireNumber('credit_note', input.number);
  const collected = collectedWithVat(invoice);
  const amount = input.amountWithVat ?? collected;
  if (!Number.isInteger(amount) || amount <= 0 || amount > collected) {
    throw new DomainError(
      ErrorCode.INVOICE_AMOUNT_MISMATCH,
      `Un avoir de ${formatEurosTTC(amount)} ne peut pas corriger la facture ${invoice.number}, qui a encaissé ${formatEurosTTC(collected)}.`,
      'conflict',
    );
  }
  const paymentDate = input.refundedAt ? parisDay(input.refundedAt) : null;
  const partial =
    amount < collected
      ? {
          ...partialCreditOf(invoice, amount),
          servicePeriod: invoice.servicePeriod,
          depositsDeducted: [],
        }
      : {};
  // Refunded, the credit note is acquitted as an invoice is paid: the amount given back is
  // prepaid (BT-113) and nothing is left due (BT-115), as its text says « Montant remboursé le … ».
  const refunded = paymentDate !== null;
  return {
    ...invoice,
    ...partial,
    kind: 'credit_note',
    number: input.number,
    issueDate: parisDay(input.issuedAt),
    paymentDate,
    corrects: { number: invoice.number, issueDate: invoice.issueDate, reason: input.reason },
    paidWithVat: refunded ? amount : 0,
    amountDueWithVat: refunded ? 0 : amount,
    mentions: invoiceMentions('credit_note', paymentDate),
    layout: INVOICE_LAYOUT,
    deliveryDate: invoice.deliveryDate ?? invoice.paymentDate ?? invoice.issueDate,
  };
}

/**
 * The lines and totals of a credit note giving back `amount` TTC of an invoice: each VAT rate takes
 * its share of the invoice's TTC (the last rate the rounding's rest), and its HT is the base whose
 * VAT, rounded to the cent, adds up to that share. Where no base does (a few amounts, by a cent),
 * the VAT is the share less the base, so that the TTC is the money given back to the cent.
 */
function partialCreditOf(invoice: InvoiceDocument, amount: number) {
  const vatBreakdown = vatSharesOf(invoice.vatBreakdown, amount);
  const lines = vatBreakdown.map(({ vatRatePercent, baseAmount }) => ({
    label: `Remboursement partiel de la facture ${invoice.number}`,
    description:
      vatBreakdown.length > 1 ? `Part au taux de TVA de ${String(vatRatePercent).replace('.', ',')} %` : null,
    quantity: 1,
    unit: 'C62' as const,
    unitPrice: baseAmount,
    vatRatePercent,
    totalAmount: baseAmount,
  }));
  const totalAmount = vatBreakdown.reduce((sum, rate) => sum + rate.baseAmount, 0);
  const vatAmount = vatBreakdown.reduce((sum, rate) => sum + rate.vatAmount, 0);
  return { lines, vatBreakdown, totalAmount, vatAmount, totalWithVat: totalAmount + vatAmount };
}

/**
 * `amount` TTC split over a VAT breakdown: each rate takes its share of the breakdown's TTC (the
 * last rate the rounding's rest), its HT the base whose VAT, rounded to the cent, makes that share
 * (the VAT the share less the base where none does). What a partial credit note gives back per
 * rate, and what a final invoice's deducted deposits weigh per rate in the books.
 */
export function vatSharesOf(rates: readonly VatBreakdown[], amount: number): VatBreakdown[] {
  const total = rates.reduce((sum, rate) => sum + rate.baseAmount + rate.vatAmount, 0);
  let rest = amount;
  return rates.map((rate, i) => {
    const share =
      i === rates.length - 1 ? rest : roundDiv(amount * (rate.baseAmount + rate.vatAmount), total);
    rest -= share;
    const baseAmount = baseOf(share, rate.vatRatePercent);
    return { vatRatePercent: rate.vatRatePercent, baseAmount, vatAmount: share - baseAmount };
  });
}

/** The HT whose VAT at `percent`, rounded to the cent, makes `withVat`; the nearest when none does. */
function baseOf(withVat: number, percent: number): number {
  const near = roundDiv(withVat * 100, 100 + percent);
  return [near, near - 1, near + 1].find((base) => base + percentOf(base, percent) === withVat) ?? near;
}

const trimmed = (value: string | undefined) => value?.trim() || null;

/** The buyer as the wizard's step 1 (and 2) describe it. */
export function invoiceBuyerOf(form: OrderForm): InvoiceBuyer {
  const contactName = trimmed(`${form.contactFirstName ?? ''} ${form.contactLastName ?? ''}`);
  const companyId = form.companyId?.replace(/\s/g, '') ?? '';
  const siren = companyId.slice(0, 9);
  return {
    name: trimmed(form.companyName) ?? contactName ?? 'Client',
    contactName,
    email: trimmed(form.contactEmail),
    address: frenchAddressOf(form.companyAddress ?? ''),
    siren: /^(\d{9}|\d{14})$/.test(companyId) && isValidSiren(siren) ? siren : null,
  };
}
