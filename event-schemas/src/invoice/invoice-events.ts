import { z } from 'zod';
import { cents, paymentProviders } from '../order/order-values.js';

// The invoice series' streams (`invoice-<series>-<year>`: `invoice-F-2026` for invoices and deposit
// invoices, `invoice-A-2026` for credit notes). A document's number is its place in its stream
// (revision + 1), so the series has no gap and no repeat by construction.

const text = (max: number) => z.string().max(max);
const day = z.iso.date();
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const documentNumber = z.string().regex(/^[FA]-\d{4}-\d{6}$/);

const postalAddress = z.strictObject({
  line1: text(500),
  line2: text(500).nullable(),
  postcode: text(20),
  city: text(200),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
});

export const invoicedPurposeValues = [
  'deposit',
  'setup_fee',
  'balance',
  'first_month',
  'renewal',
  'account_manager',
] as const;

/** The whole document as issued: the PDF and its Factur-X XML are rendered again from it alone. */
export const invoiceDocumentSchema = z.strictObject({
  kind: z.enum(['invoice', 'deposit_invoice', 'credit_note']),
  number: documentNumber,
  issueDate: day.meta({ description: 'Paris calendar day' }),
  paymentDate: day.nullable().meta({ description: 'When the money moved (refunded, for a credit note)' }),
  currency: z.literal('EUR'),
  order: z.strictObject({ orderId: z.uuid(), orderNumber: z.int().min(0) }),
  purpose: z.enum(invoicedPurposeValues),
  servicePeriod: z.strictObject({ startDate: day, endDate: day }).nullable(),
  payment: z
    .strictObject({
      provider: z.enum(paymentProviders),
      paymentId: text(200).min(1),
      amountWithVat: cents,
      means: z
        .enum(['card', 'transfer', 'cheque', 'cash'])
        .optional()
        .meta({ description: 'How it was paid (layout 2): card, or the kind an offline payment recorded' }),
    })
    .nullable(),
  corrects: z
    .strictObject({ number: documentNumber, issueDate: day, reason: text(2000).min(1) })
    .nullable()
    .meta({ description: 'For a credit note: the invoice it corrects, and why' }),
  seller: z.strictObject({
    name: text(300),
    legalForm: text(100),
    address: postalAddress,
    siren: z.string().regex(/^\d{9}$/),
    siret: z.string().regex(/^\d{14}$/),
    rcs: text(200),
    vatNumber: text(20),
    shareCapital: cents.nullable(),
    email: text(320),
    iban: z
      .string()
      .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/)
      .nullable()
      .optional()
      .meta({ description: 'The account transfers are paid to (BT-84)' }),
  }),
  buyer: z.strictObject({
    name: text(500),
    contactName: text(500).nullable(),
    email: text(320).nullable(),
    address: postalAddress,
    siren: z
      .string()
      .regex(/^\d{9}$/)
      .nullable(),
  }),
  lines: z
    .array(
      z.strictObject({
        label: text(500),
        description: text(2000).nullable(),
        quantity: z.int().min(1).max(1000),
        unit: z.enum(['C62', 'MON', 'ANN']),
        unitPrice: cents.meta({ description: 'HT' }),
        vatRatePercent: z.number().min(0).max(100),
        totalAmount: cents.meta({ description: 'HT' }),
        servicePeriod: z
          .strictObject({ startDate: day, endDate: day })
          .optional()
          .meta({ description: 'The period the line covers (BG-26), layout 2' }),
      }),
    )
    .min(1)
    .max(100)
    .readonly(),
  vatBreakdown: z
    .array(
      z.strictObject({
        vatRatePercent: z.number().min(0).max(100),
        baseAmount: cents.meta({ description: 'HT' }),
        vatAmount: cents,
      }),
    )
    .min(1)
    .max(10)
    .readonly(),
  totalAmount: cents.meta({ description: 'HT' }),
  vatAmount: cents,
  totalWithVat: cents.meta({ description: 'TTC' }),
  depositsDeducted: z
    .array(z.strictObject({ number: documentNumber, issueDate: day, amountWithVat: cents }))
    .max(20)
    .readonly(),
  paidWithVat: cents,
  amountDueWithVat: cents,
  mentions: z.strictObject({
    paymentTerms: text(500),
    latePayment: text(500).nullable().meta({ description: 'Null on a credit note (layout 2)' }),
    recoveryIndemnity: text(500).nullable().meta({ description: 'Null on a credit note (layout 2)' }),
    earlyPaymentDiscount: text(500),
  }),
  layout: z.literal(2).optional().meta({
    description:
      'The layout the document was issued with; absent for those issued before layout 2, drawn as they were',
  }),
  deliveryDate: day.optional().meta({ description: 'BT-72, the day the service was supplied (layout 2)' }),
});

const issuedFrom = z.strictObject({
  streamId: text(200).min(1).meta({ description: 'The order stream of the money event' }),
  eventId: z.uuid().meta({ description: 'The money event (or refund, or cancellation) it answers' }),
  paymentId: text(200).min(1).optional().meta({
    description:
      'For an invoice issued again by a reactivation (of a version 1 cancellation, whose credit notes refunded nothing): the payment it invoices again. One reactivation invoices each payment it keeps once.',
  }),
});

export const invoiceEventDefinitions = {
  InvoiceIssued: {
    schemaVersion: 1,
    emittedBy:
      'system (each money event of an order: deposit, set-up fee, balance, first month, renewal, account-manager upsell, offline payment)',
    meaning:
      "An invoice (Facture) or a deposit invoice (Facture d'acompte) was issued, numbered by its place in the year's F series. Immutable: a correction is a credit note. The document is complete; rendering it gives the PDF whose SHA-256 is pdfSha256. Kept whole after an erasure (legal retention).",
    data: z.strictObject({
      document: invoiceDocumentSchema,
      pdfSha256: sha256.meta({ description: 'SHA-256 of the Factur-X PDF rendered from the document' }),
      issuedFrom,
    }),
  },
  CreditNoteIssued: {
    schemaVersion: 1,
    emittedBy:
      'system (a refund through the provider, or the cancellation of a paid order within the 14-day guarantee)',
    meaning:
      "A credit note (Avoir) was issued, numbered by its place in the year's A series, naming the invoice it corrects (document.corrects). Kept whole after an erasure (legal retention).",
    data: z.strictObject({
      document: invoiceDocumentSchema,
      pdfSha256: sha256,
      issuedFrom,
    }),
  },
  InvoiceCreditReserved: {
    schemaVersion: 1,
    emittedBy:
      'system (before each credit note: a refund through the provider, or a cancellation within the guarantee)',
    meaning:
      "What one cause (a cancellation, a refund) gives back of an invoice was reserved on the invoice's own stream (`invoice-credits-<number>`), before its credit note is numbered in the A series of creditYear. The stream's expected revision makes every cause see the others, whatever year each is processed in: an invoice is never credited beyond what it collected.",
    data: z.strictObject({
      invoiceNumber: documentNumber.meta({ description: 'The invoice credited' }),
      cause: issuedFrom,
      amountWithVat: cents.meta({
        description: 'What this credit note gives back, TTC, cents (more than 0)',
      }),
      creditYear: z
        .int()
        .min(2000)
        .max(9999)
        .meta({ description: 'The year of the A series its credit note is numbered in' }),
    }),
  },
} as const;

type Definitions = typeof invoiceEventDefinitions;
export type InvoiceEventType = keyof Definitions;
export type InvoiceEventData<T extends InvoiceEventType> = z.infer<Definitions[T]['data']>;
export type InvoiceEvent = {
  [T in InvoiceEventType]: { readonly type: T; readonly data: InvoiceEventData<T> };
}[InvoiceEventType];
export type InvoiceDocumentData = z.infer<typeof invoiceDocumentSchema>;
