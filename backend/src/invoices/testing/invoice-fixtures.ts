import {
  type InvoicedPayment,
  creditNoteFor,
  invoiceDocumentFor,
} from '@coseso/domain/invoices/invoice-document-for';
import { type InvoiceDocument, invoiceMentions } from '@coseso/domain/invoices/invoice-document';
import { orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { type OrderState } from '@coseso/domain/orders/order-state';
import { withVat } from '@coseso/domain/pricing/money';
import { ACCOUNT_MANAGER } from '@coseso/domain/pricing/account-manager';
import { loadConfig } from '../../config/app-config.js';
import { sellerIdentityOf } from '../seller-identity.js';

/** The development seller (the configuration's defaults: a fictitious company, valid in form). */
export const seller = sellerIdentityOf(loadConfig({}));

const buyerForm = {
  companyName: 'Boulangerie Martin & Fils',
  companyAddress: '8 place Bellecour, 69002 Lyon',
  companyId: '51234987900001',
  selectedTemplate: 'business',
  logoOption: 'professional',
  additionalOptions: { seoOptimizations: true, multiLanguage: true },
  hostingOptions: { hostingType: 'included', maintenanceMonthly: true },
} as const;

/** A yearly and a monthly order, paid and ready for delivery, through the real decider. */
export const yearlyOrder: OrderState = orderIn('ready_for_delivery', {
  billing: 'yearly',
  form: buyerForm,
}).state;
export const monthlyOrder: OrderState = orderIn('ready_for_delivery', {
  billing: 'monthly',
  orderNumber: 1043,
  orderId: '5b0e9d3c-2a41-4f6e-8c7d-aabbccddeeff',
  form: buyerForm,
}).state;

const paid = (
  purpose: InvoicedPayment['purpose'],
  amountWithVat: number,
  paidAt: string,
  provider: InvoicedPayment['provider'] = 'stripe',
  servicePeriod?: InvoicedPayment['servicePeriod'],
  means?: InvoicedPayment['means'],
): InvoicedPayment => ({
  purpose,
  provider,
  paymentId: `pay_${purpose}`,
  amountWithVat,
  paidAt,
  ...(servicePeriod ? { servicePeriod } : {}),
  ...(means ? { means } : {}),
});

const depositInvoice = invoiceDocumentFor({
  order: yearlyOrder,
  payment: paid('deposit', yearlyOrder.price!.depositWithVat, '2026-03-01T10:15:00Z'),
  number: 'F-2026-000101',
  issuedAt: '2026-03-01T10:15:01Z',
  seller,
});

const balance = (provider: InvoicedPayment['provider'], number: string, means?: InvoicedPayment['means']) =>
  invoiceDocumentFor({
    order: yearlyOrder,
    payment: paid(
      'balance',
      yearlyOrder.price!.remainingWithVat,
      '2026-04-10T16:40:00Z',
      provider,
      undefined,
      means,
    ),
    number,
    issuedAt: '2026-04-10T16:40:02Z',
    seller,
    depositsInvoiced: [
      {
        number: depositInvoice.number,
        issueDate: depositInvoice.issueDate,
        amountWithVat: depositInvoice.paidWithVat,
      },
    ],
  });

const renewalInvoice = invoiceDocumentFor({
  order: monthlyOrder,
  payment: paid('renewal', monthlyOrder.price!.monthlyWithVat, '2026-05-01T08:00:00Z', 'stripe', {
    start: '2026-05-01T08:00:00Z',
    end: '2026-05-30T08:00:00Z',
  }),
  number: 'F-2026-000160',
  issuedAt: '2026-05-01T08:00:01Z',
  seller,
});

const finalInvoice = balance('stripe', 'F-2026-000140');

// A reactivation after a version 1 cancellation invoices again what the order kept of a deposit
// refunded in part (10,05 € TTC), and the balance alone beside it (decision 126).
const keptDeposit = invoiceDocumentFor({
  order: yearlyOrder,
  payment: {
    ...paid('deposit', yearlyOrder.price!.depositWithVat, '2026-03-01T10:15:00Z'),
    keptWithVat: yearlyOrder.price!.depositWithVat - 1_005,
  },
  number: 'F-2026-000180',
  issuedAt: '2026-03-20T09:00:00Z',
  seller,
});
const balanceBesideKeptDeposit = invoiceDocumentFor({
  order: yearlyOrder,
  payment: paid('balance', yearlyOrder.price!.remainingWithVat, '2026-03-10T16:40:00Z'),
  number: 'F-2026-000181',
  issuedAt: '2026-03-20T09:00:01Z',
  seller,
  depositsInvoiced: [
    { number: keptDeposit.number, issueDate: keptDeposit.issueDate, amountWithVat: keptDeposit.paidWithVat },
  ],
});

/** One document of every kind the product issues. */
export const documentsOfEveryKind: Record<string, InvoiceDocument> = {
  'deposit invoice': depositInvoice,
  'final invoice deducting the deposit': finalInvoice,
  'set-up fee': invoiceDocumentFor({
    order: monthlyOrder,
    payment: paid('setup_fee', monthlyOrder.price!.depositWithVat, '2026-03-02T08:00:00Z'),
    number: 'F-2026-000102',
    issuedAt: '2026-03-02T08:00:01Z',
    seller,
  }),
  'first month': invoiceDocumentFor({
    order: monthlyOrder,
    payment: paid('first_month', monthlyOrder.price!.monthlyWithVat, '2026-04-01T08:00:00Z', 'stripe', {
      start: '2026-04-01T08:00:00Z',
      end: '2026-04-30T08:00:00Z',
    }),
    number: 'F-2026-000130',
    issuedAt: '2026-04-01T08:00:01Z',
    seller,
  }),
  renewal: renewalInvoice,
  'account-manager upsell': invoiceDocumentFor({
    order: yearlyOrder,
    payment: paid('account_manager', withVat(ACCOUNT_MANAGER.yearlyPriceHT), '2026-05-12T22:30:00Z'),
    number: 'F-2026-000171',
    issuedAt: '2026-05-12T22:30:00Z',
    seller,
  }),
  'deposit invoiced again for the part kept after a partial refund': keptDeposit,
  'balance invoiced again alone, beside a deposit kept in part': balanceBesideKeptDeposit,
  'offline payment': balance('offline', 'F-2026-000141'),
  'offline payment by transfer': balance('offline', 'F-2026-000142', 'transfer'),
  'offline payment by cheque': balance('offline', 'F-2026-000143', 'cheque'),
  'offline payment in cash': balance('offline', 'F-2026-000144', 'cash'),
  // A cancellation within the guarantee credits the final invoice for what it collected, not refunded yet.
  'credit note of the final invoice': creditNoteFor(finalInvoice, {
    number: 'A-2026-000013',
    issuedAt: '2026-04-12T09:00:00Z',
    reason: 'Annulation de la commande dans le délai de garantie de 14 jours',
    refundedAt: null,
  }),
  'credit note': creditNoteFor(depositInvoice, {
    number: 'A-2026-000007',
    issuedAt: '2026-03-05T09:00:00Z',
    reason: 'Annulation de la commande dans le délai de 14 jours',
    refundedAt: '2026-03-05T09:00:00Z',
  }),
  // 10,05 € TTC: no HT base at 20 % gives it to the cent, the VAT takes the cent.
  'partial credit note': creditNoteFor(depositInvoice, {
    number: 'A-2026-000008',
    issuedAt: '2026-03-06T09:00:00Z',
    reason: 'Remboursement partiel effectué chez le prestataire de paiement',
    refundedAt: '2026-03-06T09:00:00Z',
    amountWithVat: 1_005,
  }),
  // A month's renewal refunded in part at the provider: its credit note names the renewal's invoice.
  'renewal refunded in part': creditNoteFor(renewalInvoice, {
    number: 'A-2026-000009',
    issuedAt: '2026-05-03T09:00:00Z',
    reason: 'Remboursement partiel effectué chez le prestataire de paiement',
    refundedAt: '2026-05-03T09:00:00Z',
    amountWithVat: 1_000,
  }),
};

/**
 * The document as it was issued before layout 2 (2026-12-06): no layout, BT-72, payment means kind,
 * line periods or IBAN; a credit note with the late-payment mentions and its whole amount due.
 */
export function asFirstLayout(doc: InvoiceDocument): InvoiceDocument {
  const {
    layout: _layout,
    deliveryDate: _deliveryDate,
    seller: { iban: _iban, ...seller },
    ...rest
  } = doc;
  const payment = doc.payment && (({ means: _means, ...kept }) => kept)(doc.payment);
  const lines = doc.lines.map(({ servicePeriod: _period, ...line }) => line);
  return {
    ...rest,
    seller,
    payment,
    lines,
    ...(doc.kind === 'credit_note'
      ? {
          paidWithVat: 0,
          amountDueWithVat: doc.paidWithVat + doc.amountDueWithVat,
          mentions: { ...doc.mentions, ...invoiceMentionsOfFirstLayout },
        }
      : {}),
  };
}

const invoiceMentionsOfFirstLayout = (() => {
  const { latePayment, recoveryIndemnity } = invoiceMentions('invoice', null);
  return { latePayment, recoveryIndemnity };
})();
