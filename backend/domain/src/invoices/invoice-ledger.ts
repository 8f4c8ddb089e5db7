import { type InvoiceDocument, type InvoiceKind, invoiceKindLabels } from './invoice-document.js';

/** One document as the lists show it (the client's, the order's panel, the accountant's page). */
export interface InvoiceListItem {
  readonly number: string;
  readonly kind: InvoiceKind;
  /** « Facture », « Facture d'acompte », « Avoir ». */
  readonly kindLabel: string;
  readonly issueDate: string;
  readonly orderId: string;
  readonly orderNumber: number;
  readonly buyerName: string;
  /** HT, cents. */
  readonly totalAmount: number;
  readonly vatAmount: number;
  /** TTC, cents. */
  readonly totalWithVat: number;
  /** For a credit note: the invoice it corrects. */
  readonly corrects: string | null;
  readonly pdfSha256: string;
}

export function invoiceListItem(doc: InvoiceDocument, pdfSha256: string): InvoiceListItem {
  return {
    number: doc.number,
    kind: doc.kind,
    kindLabel: invoiceKindLabels[doc.kind],
    issueDate: doc.issueDate,
    orderId: doc.order.orderId,
    orderNumber: doc.order.orderNumber,
    buyerName: doc.buyer.name,
    totalAmount: doc.totalAmount,
    vatAmount: doc.vatAmount,
    totalWithVat: doc.totalWithVat,
    corrects: doc.corrects?.number ?? null,
    pdfSha256,
  };
}

/** A credit note takes back what its invoice counted: in the totals and the export it is negative. */
const signOf = (kind: InvoiceKind) => (kind === 'credit_note' ? -1 : 1);

export interface LedgerTotals {
  readonly invoices: number;
  readonly creditNotes: number;
  /** Net of credit notes, cents. */
  readonly totalAmount: number;
  readonly vatAmount: number;
  readonly totalWithVat: number;
}

/** The period's totals, HT, VAT and TTC, credit notes deducted. */
export function ledgerTotals(
  items: readonly Pick<InvoiceListItem, 'kind' | 'totalAmount' | 'vatAmount' | 'totalWithVat'>[],
): LedgerTotals {
  let totalAmount = 0;
  let vatAmount = 0;
  let totalWithVat = 0;
  for (const item of items) {
    const sign = signOf(item.kind);
    totalAmount += sign * item.totalAmount;
    vatAmount += sign * item.vatAmount;
    totalWithVat += sign * item.totalWithVat;
  }
  const creditNotes = items.filter((item) => item.kind === 'credit_note').length;
  return { invoices: items.length - creditNotes, creditNotes, totalAmount, vatAmount, totalWithVat };
}

export const LEDGER_CSV_COLUMNS = [
  'Numéro',
  'Type',
  'Date',
  'Commande',
  'Client',
  'SIREN client',
  'Taux TVA (%)',
  'Base HT (€)',
  'TVA (€)',
  'TTC (€)',
  'Facture corrigée',
] as const;

/** Cents as a French spreadsheet reads an amount: « -1234,56 », no thousands separator. */
export const csvAmount = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

const csvField = (value: string): string =>
  /[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/**
 * The accountant's export: one line per document and per VAT rate (its VAT breakdown), amounts in
 * euros with a decimal comma, credit notes negative; fields separated by semicolons, as French
 * spreadsheets expect.
 */
export function ledgerCsvLines(doc: InvoiceDocument): string[] {
  const sign = signOf(doc.kind);
  return doc.vatBreakdown.map((rate) =>
    [
      doc.number,
      invoiceKindLabels[doc.kind],
      doc.issueDate,
      String(doc.order.orderNumber),
      doc.buyer.name,
      doc.buyer.siren ?? '',
      String(rate.vatRatePercent).replace('.', ','),
      csvAmount(sign * rate.baseAmount),
      csvAmount(sign * rate.vatAmount),
      csvAmount(sign * (rate.baseAmount + rate.vatAmount)),
      doc.corrects?.number ?? '',
    ]
      .map(csvField)
      .join(';'),
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A period of issue days, both included; the current month of `today` when not given. */
export function ledgerPeriod(from: string | undefined, to: string | undefined, today: string) {
  const monthStart = `${today.slice(0, 8)}01`;
  const start = from && DAY.test(from) ? from : monthStart;
  const end = to && DAY.test(to) ? to : today;
  return start <= end ? { from: start, to: end } : { from: end, to: start };
}
