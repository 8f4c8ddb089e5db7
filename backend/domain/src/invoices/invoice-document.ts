import { type PaymentProviderKey } from '@coseso/event-schemas/order/order-values';
import { formatEuros } from '../pricing/format-euros.js';
import { percentOf } from '../pricing/money.js';

/**
 * An invoice or credit note as issued: plain, JSON-serialisable data, what an InvoiceIssued or
 * CreditNoteIssued event carries. Every amount is in integer euro cents; names follow the
 * codebase's convention (no suffix = HT, `…WithVat` = TTC). The PDF and its Factur-X XML are
 * rendered from this alone.
 */
export interface InvoiceDocument {
  readonly kind: InvoiceKind;
  /** F-2026-000123 (invoices and deposit invoices), A-2026-000007 (credit notes). */
  readonly number: string;
  /** YYYY-MM-DD, Paris time. */
  readonly issueDate: string;
  /** When the money moved (paid, or refunded for a credit note), YYYY-MM-DD; null when it has not. */
  readonly paymentDate: string | null;
  readonly currency: 'EUR';
  readonly order: { readonly orderId: string; readonly orderNumber: number };
  /** What this document invoices; for a credit note, what the corrected invoice invoiced. */
  readonly purpose: InvoicedPurpose;
  /** The service period a subscription month covers (YYYY-MM-DD, both days included); null otherwise. */
  readonly servicePeriod: { readonly startDate: string; readonly endDate: string } | null;
  readonly payment: InvoicePayment | null;
  /** A credit note names the invoice it corrects, and why. */
  readonly corrects: { readonly number: string; readonly issueDate: string; readonly reason: string } | null;
  readonly seller: SellerIdentity;
  readonly buyer: InvoiceBuyer;
  readonly lines: readonly InvoiceLine[];
  readonly vatBreakdown: readonly VatBreakdown[];
  readonly totalAmount: number;
  readonly vatAmount: number;
  readonly totalWithVat: number;
  /** Deposit invoices already issued for this sale, deducted from a final invoice (TTC). */
  readonly depositsDeducted: readonly DepositDeducted[];
  /** Paid with this document's payment, TTC (0 for a credit note). */
  readonly paidWithVat: number;
  /** Left to pay (or, for a credit note, to refund), TTC: totalWithVat − deposits − paid. */
  readonly amountDueWithVat: number;
  /** The legal mentions printed at the foot and carried as notes in the XML. */
  readonly mentions: InvoiceMentions;
  /**
   * The layout the document was issued with: absent for the documents issued before layout 2
   * (2026-12-06), which are drawn as they were issued so that their PDF keeps its SHA-256.
   * Layout 2: BT-14 holds our order number, BT-72 the service date, payment means by kind, the
   * periods on the lines, no late-payment mentions on a credit note, a refund acquitted in the XML.
   */
  readonly layout?: typeof INVOICE_LAYOUT;
  /** BT-72, YYYY-MM-DD: when the service was supplied (a month's first day, else the payment's day). */
  readonly deliveryDate?: string;
}

/** The layout every document is now issued with (see `InvoiceDocument.layout`). */
export const INVOICE_LAYOUT = 2;

export type InvoiceKind = 'invoice' | 'deposit_invoice' | 'credit_note';

export const invoiceKindLabels: Record<InvoiceKind, string> = {
  invoice: 'Facture',
  deposit_invoice: "Facture d'acompte",
  credit_note: 'Avoir',
};

/** The money events that issue a document. An offline payment is one of these with provider "offline". */
export const invoicedPurposes = [
  'deposit',
  'setup_fee',
  'balance',
  'first_month',
  'renewal',
  'account_manager',
] as const;
export type InvoicedPurpose = (typeof invoicedPurposes)[number];

export interface InvoicePayment {
  readonly provider: PaymentProviderKey;
  readonly paymentId: string;
  readonly amountWithVat: number;
  /** How the money came: a card through the provider, or what the team recorded for an offline payment. */
  readonly means?: PaymentMeans;
}

export const paymentMeansKinds = ['card', 'transfer', 'cheque', 'cash'] as const;
export type PaymentMeans = (typeof paymentMeansKinds)[number];

/** « par carte bancaire », « par virement »… as the mentions and the page say it. */
export const paymentMeansLabels: Record<PaymentMeans, string> = {
  card: 'par carte bancaire',
  transfer: 'par virement',
  cheque: 'par chèque',
  cash: 'en espèces',
};

export interface PostalAddress {
  readonly line1: string;
  readonly line2: string | null;
  readonly postcode: string;
  readonly city: string;
  /** ISO 3166-1 alpha-2. */
  readonly countryCode: string;
}

export interface SellerIdentity {
  readonly name: string;
  /** SAS, SARL, EI…; printed with the share capital: "SAS au capital de 10 000 €". */
  readonly legalForm: string;
  readonly address: PostalAddress;
  readonly siren: string;
  readonly siret: string;
  /** "RCS Lyon" (the registry's town), printed before the SIREN. */
  readonly rcs: string;
  readonly vatNumber: string;
  /** Cents; null when the legal form has none (EI, micro-entreprise). */
  readonly shareCapital: number | null;
  readonly email: string;
  /** The account transfers are paid to (BT-84), when configured. */
  readonly iban?: string | null;
}

export interface InvoiceBuyer {
  readonly name: string;
  readonly contactName: string | null;
  readonly email: string | null;
  /** The wizard's address, split as well as it can be; the country is France (the only one the grid prices). */
  readonly address: PostalAddress;
  /** When given at wizard step 1: the SIREN (the first 9 digits of a SIRET). */
  readonly siren: string | null;
}

/** UN/ECE Recommendation 20 codes: one, month, year. */
export type InvoiceUnit = 'C62' | 'MON' | 'ANN';

export const invoiceUnitLabels: Record<InvoiceUnit, { one: string; many: string }> = {
  C62: { one: 'unité', many: 'unités' },
  MON: { one: 'mois', many: 'mois' },
  ANN: { one: 'an', many: 'ans' },
};

export interface InvoiceLine {
  readonly label: string;
  readonly description: string | null;
  readonly quantity: number;
  readonly unit: InvoiceUnit;
  /** HT, cents. */
  readonly unitPrice: number;
  readonly vatRatePercent: number;
  /** HT: quantity × unitPrice. */
  readonly totalAmount: number;
  /** The period the line covers (BG-26), both days included, YYYY-MM-DD. */
  readonly servicePeriod?: { readonly startDate: string; readonly endDate: string };
}

export interface VatBreakdown {
  readonly vatRatePercent: number;
  /** HT base of the rate. */
  readonly baseAmount: number;
  readonly vatAmount: number;
}

export interface DepositDeducted {
  readonly number: string;
  readonly issueDate: string;
  readonly amountWithVat: number;
}

export interface InvoiceMentions {
  readonly paymentTerms: string;
  /** Null on a credit note (layout 2): nothing is late on money given back. */
  readonly latePayment: string | null;
  readonly recoveryIndemnity: string | null;
  readonly earlyPaymentDiscount: string;
}

/** Code de commerce L441-10: the fixed indemnity for recovery costs owed by a late business payer. */
export const RECOVERY_INDEMNITY = 4_000;

/** The late-payment penalty rate the seller applies (L441-10 allows no less than three times the legal interest rate). */
export const LATE_PAYMENT_RATE_TEXT =
  "taux d'intérêt appliqué par la Banque centrale européenne à son opération de refinancement la plus récente, majoré de 10 points";

const INVOICE_NUMBER = /^([FA])-(\d{4})-(\d{6})$/;

/** The number of the sequence-th document of a year's series: F-2026-000123, A-2026-000007. */
export function invoiceNumber(kind: InvoiceKind, year: number, sequence: number): string {
  const prefix = kind === 'credit_note' ? 'A' : 'F';
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

export function isInvoiceNumberOf(kind: InvoiceKind, number: string): boolean {
  const match = INVOICE_NUMBER.exec(number);
  return match !== null && (match[1] === 'A') === (kind === 'credit_note');
}

/** The VAT breakdown per rate (EN 16931: VAT is computed on each rate's base, rounded once) and the totals. */
export function invoiceTotals(lines: readonly InvoiceLine[]): {
  vatBreakdown: VatBreakdown[];
  totalAmount: number;
  vatAmount: number;
  totalWithVat: number;
} {
  const bases = new Map<number, number>();
  for (const line of lines) {
    bases.set(line.vatRatePercent, (bases.get(line.vatRatePercent) ?? 0) + line.totalAmount);
  }
  const vatBreakdown = [...bases.entries()]
    .sort(([a], [b]) => b - a)
    .map(([vatRatePercent, baseAmount]) => ({
      vatRatePercent,
      baseAmount,
      vatAmount: percentOf(baseAmount, vatRatePercent),
    }));
  const totalAmount = vatBreakdown.reduce((sum, rate) => sum + rate.baseAmount, 0);
  const vatAmount = vatBreakdown.reduce((sum, rate) => sum + rate.vatAmount, 0);
  return { vatBreakdown, totalAmount, vatAmount, totalWithVat: totalAmount + vatAmount };
}

/** The mentions of L441-9 Code de commerce every document carries, worded for its kind. */
export function invoiceMentions(
  kind: InvoiceKind,
  paymentDate: string | null,
  provider: PaymentProviderKey | null = null,
  offlineReference: string | null = null,
  means: PaymentMeans | null = null,
): InvoiceMentions {
  const date = paymentDate ? frenchDate(paymentDate) : null;
  const meansText =
    provider === null
      ? ''
      : provider === 'offline'
        ? means && means !== 'card'
          ? ` ${paymentMeansLabels[means]}${offlineReference ? ` (référence « ${offlineReference} »)` : ''}`
          : offlineReference
            ? ` hors ligne (virement ou chèque, référence « ${offlineReference} »)`
            : ' hors ligne (virement ou chèque)'
        : ' par carte bancaire';
  const paymentTerms =
    kind === 'credit_note'
      ? date
        ? `Montant remboursé le ${date}.`
        : 'Montant à rembourser ou à déduire de la prochaine facture.'
      : date
        ? `Facture acquittée : payée${meansText} le ${date}.`
        : 'Payable à réception.';
  const creditNote = kind === 'credit_note';
  return {
    paymentTerms,
    latePayment: creditNote
      ? null
      : `En cas de retard de paiement, pénalités exigibles au ${LATE_PAYMENT_RATE_TEXT}.`,
    recoveryIndemnity: creditNote
      ? null
      : `Indemnité forfaitaire pour frais de recouvrement due par le professionnel en retard de paiement : ${formatEuros(RECOVERY_INDEMNITY, { decimals: 'auto' })} (art. L441-10 et D441-5 du Code de commerce).`,
    earlyPaymentDiscount: 'Pas d’escompte pour paiement anticipé.',
  };
}

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** "2026-03-01" → "1er mars 2026". */
export function frenchDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${day === 1 ? '1er' : day} ${MONTHS[month - 1]} ${year}`;
}

const parisDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in France of an instant: what an invoice's dates are. */
export const parisDay = (isoInstant: string): string => parisDate.format(new Date(isoInstant));

/** "2026-03-01" plus `days` calendar days (negative: before). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The year of service starting on `isoDate`: to the day before its anniversary. */
export function yearFrom(isoDate: string): { startDate: string; endDate: string } {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  // Date.UTC rolls 29 February of a common year over to 1 March: a leap day's anniversary.
  const anniversary = new Date(Date.UTC(year + 1, month - 1, day, 12));
  return { startDate: isoDate, endDate: addDays(anniversary.toISOString().slice(0, 10), -1) };
}

/** « du 1er janvier 2027 au 31 janvier 2027 ». */
export const periodText = (period: { startDate: string; endDate: string }): string =>
  `du ${frenchDate(period.startDate)} au ${frenchDate(period.endDate)}`;
