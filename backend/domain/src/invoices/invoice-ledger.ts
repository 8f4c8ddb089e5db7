import { csvAmount, csvLine, csvText } from '../shared/csv.js';
import { type InvoiceDocument, type InvoiceKind, invoiceKindLabels } from './invoice-document.js';

export { csvAmount };

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

/**
 * The accountant's export: one line per document and per VAT rate (its VAT breakdown), amounts in
 * euros with a decimal comma, credit notes negative; fields separated by semicolons, as French
 * spreadsheets expect.
 */
export function ledgerCsvLines(doc: InvoiceDocument): string[] {
  const sign = signOf(doc.kind);
  // Text through csvText (a typed company name may start with `=`); amounts are ours, never prefixed.
  return doc.vatBreakdown.map((rate) =>
    csvLine([
      csvText(doc.number),
      csvText(invoiceKindLabels[doc.kind]),
      csvText(doc.issueDate),
      String(doc.order.orderNumber),
      csvText(doc.buyer.name),
      csvText(doc.buyer.siren ?? ''),
      String(rate.vatRatePercent).replace('.', ','),
      csvAmount(sign * rate.baseAmount),
      csvAmount(sign * rate.vatAmount),
      csvAmount(sign * (rate.baseAmount + rate.vatAmount)),
      csvText(doc.corrects?.number ?? ''),
    ]),
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
