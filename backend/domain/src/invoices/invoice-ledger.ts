import { csvAmount, csvLine, csvNumber, csvText } from '../shared/csv.js';
import {
  type InvoiceDocument,
  type InvoiceKind,
  type VatBreakdown,
  invoiceKindLabels,
} from './invoice-document.js';
import { vatSharesOf } from './invoice-document-for.js';

/**
 * What a document counts for in the books, HT, VAT and TTC per rate, always positive (a credit
 * note's sign is the reader's): its own amounts less the deposit invoices a final invoice deducts,
 * which their own deposit invoices count. A final invoice shows the whole sale and its VAT (decision
 * 49: BT-113 deducts the deposits), so every report nets them here, once: the deposit invoice
 * books the deposit, the final invoice the rest, and a credit note repeating a final invoice what
 * that invoice collected. The deposits weigh on each rate as `vatSharesOf` splits them (exactly the
 * deposit invoice's own base and VAT when the sale has one rate, as the grid has).
 */
export function bookedAmountsOf(
  doc: Pick<InvoiceDocument, 'vatBreakdown' | 'depositsDeducted'>,
): BookedAmounts {
  const deducted = doc.depositsDeducted.reduce((sum, deposit) => sum + deposit.amountWithVat, 0);
  const deposits = deducted > 0 ? vatSharesOf(doc.vatBreakdown, deducted) : [];
  const vatBreakdown = doc.vatBreakdown
    .map((rate, i) => ({
      vatRatePercent: rate.vatRatePercent,
      baseAmount: rate.baseAmount - (deposits[i]?.baseAmount ?? 0),
      vatAmount: rate.vatAmount - (deposits[i]?.vatAmount ?? 0),
    }))
    .filter((rate) => rate.baseAmount !== 0 || rate.vatAmount !== 0);
  return { vatBreakdown, ...sumOf(vatBreakdown) };
}

export interface Amounts {
  /** HT, cents. */
  readonly totalAmount: number;
  readonly vatAmount: number;
  /** TTC, cents. */
  readonly totalWithVat: number;
}

export interface BookedAmounts extends Amounts {
  readonly vatBreakdown: readonly VatBreakdown[];
}

const sumOf = (rates: readonly VatBreakdown[]): Amounts => {
  const totalAmount = rates.reduce((sum, rate) => sum + rate.baseAmount, 0);
  const vatAmount = rates.reduce((sum, rate) => sum + rate.vatAmount, 0);
  return { totalAmount, vatAmount, totalWithVat: totalAmount + vatAmount };
};

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
  /** What the document counts for (`bookedAmountsOf`): a final invoice without its deposits. HT, cents. */
  readonly totalAmount: number;
  readonly vatAmount: number;
  /** TTC, cents: what it collected, or what a credit note gives back. */
  readonly totalWithVat: number;
  /** The deposit invoices a final invoice deducts (and its credit note), TTC; 0 otherwise. */
  readonly depositsDeductedWithVat: number;
  /** For a credit note: the invoice it corrects. */
  readonly corrects: string | null;
  readonly pdfSha256: string;
  /** Why the document is there, when the list must say it (`reissueNotes`); null otherwise. */
  readonly note: string | null;
}

/** What the client and the team read beside an invoice a reactivation issued again. */
export const REISSUED_NOTE = 'Facture réémise suite à la réactivation de votre commande';

/**
 * The notes of an order's documents, in the order they were issued: an invoice of a payment an
 * earlier invoice of the order already acknowledged (the same reference, purpose, amount and day)
 * was issued again by a reactivation after a version 1 cancellation, whose credit note cancelled the
 * first (decision 126); the list says so. Read from the documents alone.
 */
export function reissueNotes(documents: readonly InvoiceDocument[]): Map<string, string> {
  const seen = new Set<string>();
  const notes = new Map<string, string>();
  for (const doc of documents) {
    if (doc.kind === 'credit_note' || !doc.payment) continue;
    const payment = [doc.payment.paymentId, doc.purpose, doc.payment.amountWithVat, doc.paymentDate].join(
      '|',
    );
    if (seen.has(payment)) notes.set(doc.number, REISSUED_NOTE);
    seen.add(payment);
  }
  return notes;
}

export function invoiceListItem(
  doc: InvoiceDocument,
  pdfSha256: string,
  note: string | null = null,
): InvoiceListItem {
  const booked = bookedAmountsOf(doc);
  return {
    number: doc.number,
    kind: doc.kind,
    kindLabel: invoiceKindLabels[doc.kind],
    issueDate: doc.issueDate,
    orderId: doc.order.orderId,
    orderNumber: doc.order.orderNumber,
    buyerName: doc.buyer.name,
    totalAmount: booked.totalAmount,
    vatAmount: booked.vatAmount,
    totalWithVat: booked.totalWithVat,
    depositsDeductedWithVat: doc.depositsDeducted.reduce((sum, deposit) => sum + deposit.amountWithVat, 0),
    corrects: doc.corrects?.number ?? null,
    pdfSha256,
    note,
  };
}

/** A credit note takes back what its invoice counted: in the totals and the export it is negative. */
const signOf = (kind: InvoiceKind) => (kind === 'credit_note' ? -1 : 1);

export interface LedgerTotals extends Amounts {
  readonly invoices: number;
  readonly creditNotes: number;
}

/** The period's totals, HT, VAT and TTC, each document at what it counts for, credit notes deducted. */
/** Documents of one kind counted together: how many, and what they count for as issued (positive). */
export interface KindTotals extends Amounts {
  readonly kind: InvoiceKind;
  readonly documents: number;
}

/** A period's totals from its documents summed by kind: credit notes deducted. */
export function ledgerTotalsOfKinds(groups: readonly KindTotals[]): LedgerTotals {
  let totalAmount = 0;
  let vatAmount = 0;
  let totalWithVat = 0;
  let invoices = 0;
  let creditNotes = 0;
  for (const group of groups) {
    const sign = signOf(group.kind);
    totalAmount += sign * group.totalAmount;
    vatAmount += sign * group.vatAmount;
    totalWithVat += sign * group.totalWithVat;
    if (group.kind === 'credit_note') creditNotes += group.documents;
    else invoices += group.documents;
  }
  return { invoices, creditNotes, totalAmount, vatAmount, totalWithVat };
}

export function ledgerTotals(
  items: readonly Pick<InvoiceListItem, 'kind' | 'totalAmount' | 'vatAmount' | 'totalWithVat'>[],
): LedgerTotals {
  return ledgerTotalsOfKinds(items.map((item) => ({ ...item, documents: 1 })));
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

const rateText = (percent: number) => String(percent).replace('.', ',');

/**
 * The accountant's register: one line per document and per VAT rate of what it counts for (a final
 * invoice without its deposits), amounts in euros with a decimal comma, credit notes negative.
 */
export function ledgerCsvLines(doc: InvoiceDocument): string[] {
  const sign = signOf(doc.kind);
  return bookedAmountsOf(doc).vatBreakdown.map((rate) =>
    csvLine([
      csvText(doc.number),
      csvText(invoiceKindLabels[doc.kind]),
      csvText(doc.issueDate),
      csvNumber(String(doc.order.orderNumber)),
      csvText(doc.buyer.name),
      csvText(doc.buyer.siren ?? ''),
      csvNumber(rateText(rate.vatRatePercent)),
      csvNumber(csvAmount(sign * rate.baseAmount)),
      csvNumber(csvAmount(sign * rate.vatAmount)),
      csvNumber(csvAmount(sign * (rate.baseAmount + rate.vatAmount))),
      csvText(doc.corrects?.number ?? ''),
    ]),
  );
}

export const ledgerCsvHeader = (): string => csvLine(LEDGER_CSV_COLUMNS.map(csvText));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A period of issue days, both included; the current month of `today` when not given. */
export function ledgerPeriod(from: string | undefined, to: string | undefined, today: string) {
  const monthStart = `${today.slice(0, 8)}01`;
  const start = from && DAY.test(from) ? from : monthStart;
  const end = to && DAY.test(to) ? to : today;
  return start <= end ? { from: start, to: end } : { from: end, to: start };
}

// ---------------------------------------------------------------------------------------------
// « TVA sur les encaissements »: a service business owes VAT when it is paid (CGI art. 269-2-c).

export interface RateReceipts {
  readonly vatRatePercent: number;
  readonly received: Amounts;
  readonly refunded: Amounts;
  /** Received less refunded: the VAT due for the period at this rate. */
  readonly net: Amounts;
}

/** A document counted on one side of the reconciliation and not the other, and why. */
export interface ReceiptDifference {
  readonly number: string;
  readonly kind: InvoiceKind;
  readonly issueDate: string;
  readonly paymentDate: string | null;
  /** What it adds to the receipts less what it adds to the invoiced, TTC, cents. */
  readonly amountWithVat: number;
  readonly reason: string;
}

export interface VatOnReceipts {
  readonly from: string;
  readonly to: string;
  readonly rates: readonly RateReceipts[];
  readonly received: Amounts;
  readonly refunded: Amounts;
  readonly net: Amounts;
  /** The payments themselves (what each invoice says its payment was), TTC: equal to `received`. */
  readonly paymentsWithVat: number;
  /** Invoiced less credited over the same days by issue date (`ledgerTotals`), TTC. */
  readonly invoicedWithVat: number;
  /** Why the two differ, document by document: `invoicedWithVat` + their sum = `net.totalWithVat`. */
  readonly differences: readonly ReceiptDifference[];
  /** Invoices whose payment is not what they count for (a report double counting would show here). */
  readonly mismatches: readonly { number: string; paymentWithVat: number; bookedWithVat: number }[];
}

const zero: Amounts = { totalAmount: 0, vatAmount: 0, totalWithVat: 0 };
const plus = (a: Amounts, rate: VatBreakdown): Amounts => ({
  totalAmount: a.totalAmount + rate.baseAmount,
  vatAmount: a.vatAmount + rate.vatAmount,
  totalWithVat: a.totalWithVat + rate.baseAmount + rate.vatAmount,
});
const minus = (a: Amounts, b: Amounts): Amounts => ({
  totalAmount: a.totalAmount - b.totalAmount,
  vatAmount: a.vatAmount - b.vatAmount,
  totalWithVat: a.totalWithVat - b.totalWithVat,
});

/**
 * The payments received and refunded over a period of days, by VAT rate, read from the documents
 * that acknowledge them: an invoice is issued when its payment arrives and dated by it (an offline
 * payment by the day received), a credit note of a refund by the day of the refund. Reconciled with
 * the documents issued over the same days: the differences are named (money received in the period
 * invoiced in another, a credit note not refunded yet…).
 * `documents`: every document issued in the period, and every one whose payment date is in it.
 */
export function vatOnReceipts(
  period: { from: string; to: string },
  documents: readonly InvoiceDocument[],
): VatOnReceipts {
  const within = (day: string | null) => day !== null && day >= period.from && day <= period.to;
  const received = new Map<number, Amounts>();
  const refunded = new Map<number, Amounts>();
  const differences: ReceiptDifference[] = [];
  const mismatches: VatOnReceipts['mismatches'][number][] = [];
  let invoicedWithVat = 0;
  let paymentsWithVat = 0;
  const byNumber = [...new Map(documents.map((doc) => [doc.number, doc])).values()];
  // A payment is received once, whatever invoices acknowledge it: a reactivation after a version 1
  // cancellation (its credit notes refunded nothing) invoices it again, dated by the same payment;
  // the first invoice of the payment (the lowest number) counts it. The same payment: the same order,
  // reference, purpose, amount and day (a reference typed by hand may name two payments).
  const paymentOf = (doc: InvoiceDocument) =>
    doc.kind === 'credit_note' || !doc.payment
      ? null
      : [
          doc.order.orderId,
          doc.payment.paymentId,
          doc.purpose,
          doc.payment.amountWithVat,
          doc.paymentDate,
        ].join('|');
  const firstInvoiceOf = new Map<string, string>();
  for (const doc of byNumber) {
    const payment = paymentOf(doc);
    const first = payment ? firstInvoiceOf.get(payment) : undefined;
    if (payment && (!first || doc.number.localeCompare(first) < 0)) firstInvoiceOf.set(payment, doc.number);
  }
  for (const doc of byNumber) {
    const booked = bookedAmountsOf(doc);
    const sign = signOf(doc.kind);
    const issued = within(doc.issueDate);
    const payment = paymentOf(doc);
    const again = payment ? firstInvoiceOf.get(payment) !== doc.number : false;
    const paid = within(doc.paymentDate) && !again;
    if (issued) invoicedWithVat += sign * booked.totalWithVat;
    if (paid) {
      const side = doc.kind === 'credit_note' ? refunded : received;
      for (const rate of booked.vatBreakdown)
        side.set(rate.vatRatePercent, plus(side.get(rate.vatRatePercent) ?? zero, rate));
      if (doc.kind !== 'credit_note' && doc.payment) {
        paymentsWithVat += doc.payment.amountWithVat;
        if (doc.payment.amountWithVat !== booked.totalWithVat)
          mismatches.push({
            number: doc.number,
            paymentWithVat: doc.payment.amountWithVat,
            bookedWithVat: booked.totalWithVat,
          });
      }
    }
    if (issued !== paid)
      differences.push({
        number: doc.number,
        kind: doc.kind,
        issueDate: doc.issueDate,
        paymentDate: doc.paymentDate,
        amountWithVat: (paid ? 1 : -1) * sign * booked.totalWithVat,
        reason: again
          ? 'Paiement déjà encaissé, facturé à nouveau après la réactivation de la commande'
          : differenceReason(doc, issued),
      });
  }
  const percents = [...new Set([...received.keys(), ...refunded.keys()])].sort((a, b) => b - a);
  const rates = percents.map((vatRatePercent) => {
    const got = received.get(vatRatePercent) ?? zero;
    const back = refunded.get(vatRatePercent) ?? zero;
    return { vatRatePercent, received: got, refunded: back, net: minus(got, back) };
  });
  const total = (pick: (rate: RateReceipts) => Amounts) =>
    rates.reduce(
      (sum, rate) =>
        plus(sum, { vatRatePercent: 0, baseAmount: pick(rate).totalAmount, vatAmount: pick(rate).vatAmount }),
      zero,
    );
  return {
    ...period,
    rates,
    received: total((rate) => rate.received),
    refunded: total((rate) => rate.refunded),
    net: total((rate) => rate.net),
    paymentsWithVat,
    invoicedWithVat,
    differences,
    mismatches,
  };
}

function differenceReason(doc: InvoiceDocument, issuedInPeriod: boolean): string {
  const credit = doc.kind === 'credit_note';
  if (!issuedInPeriod)
    return credit
      ? `Remboursé sur la période, avoir émis le ${doc.issueDate}`
      : `Encaissé sur la période, facturé le ${doc.issueDate}`;
  if (doc.paymentDate === null) return 'Avoir émis sur la période, pas encore remboursé';
  return credit
    ? `Avoir émis sur la période, remboursé le ${doc.paymentDate}`
    : `Facturé sur la période, encaissé le ${doc.paymentDate}`;
}

// ---------------------------------------------------------------------------------------------
// The sales journal in the layout of the FEC (Livre des procédures fiscales, art. A47 A-1).

/** The 18 columns of the FEC, in their order and with their names (art. A47 A-1 LPF). */
export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

/** The accounts of the chart (Plan comptable général) the sales journal posts to, from configuration. */
export interface FecAccounts {
  readonly journalCode: string;
  readonly journalLabel: string;
  /** 706: prestations de services. */
  readonly sales: string;
  /** 44571: TVA collectée. */
  readonly vatCollected: string;
  /** 411: clients. */
  readonly clients: string;
  /** 4191: clients, avances et acomptes reçus. */
  readonly depositsReceived: string;
}

export const DEFAULT_FEC_ACCOUNTS: FecAccounts = {
  journalCode: 'VE',
  journalLabel: 'Journal des ventes',
  sales: '706',
  vatCollected: '44571',
  clients: '411',
  depositsReceived: '4191',
};

/** One line of an entry; amounts in cents, one of them 0. */
export interface FecLine {
  readonly account: string;
  readonly accountLabel: string;
  readonly auxiliary: { readonly number: string; readonly label: string } | null;
  readonly debit: number;
  readonly credit: number;
}

/**
 * The entry of one document, balanced (debits = credits):
 * - a deposit invoice: the client (411) debited its TTC; deposits received (4191) credited its HT,
 *   VAT collected (44571) its VAT (due on receipt, services);
 * - an invoice: 411 debited what it collected; the deposits it deducts taken out of 4191 (debited,
 *   their HT); sales (706) credited the whole sale HT per rate; 44571 the VAT less the deposits';
 * - a credit note: the entry of what it gives back, debits and credits swapped; of a deposit
 *   invoice, 4191 rather than 706.
 */
export function fecEntryLines(doc: InvoiceDocument, accounts: FecAccounts): FecLine[] {
  const booked = bookedAmountsOf(doc);
  const client = { number: `C${doc.order.orderNumber}`, label: doc.buyer.name };
  const depositSale = doc.purpose === 'deposit';
  const revenue = depositSale
    ? { account: accounts.depositsReceived, label: 'Clients - Avances et acomptes reçus' }
    : { account: accounts.sales, label: 'Prestations de services' };
  // Issued as an invoice: [debit, credit]; a credit note swaps them.
  const lines: {
    account: string;
    accountLabel: string;
    auxiliary: FecLine['auxiliary'];
    side: 'D' | 'C';
    amount: number;
  }[] = [
    {
      account: accounts.clients,
      accountLabel: 'Clients',
      auxiliary: client,
      side: 'D',
      amount: booked.totalWithVat,
    },
  ];
  for (const rate of doc.vatBreakdown) {
    const own = booked.vatBreakdown.find((r) => r.vatRatePercent === rate.vatRatePercent);
    const depositBase = rate.baseAmount - (own?.baseAmount ?? 0);
    if (depositBase !== 0)
      lines.push({
        account: accounts.depositsReceived,
        accountLabel: `Acomptes déduits (TVA ${rateText(rate.vatRatePercent)} %)`,
        auxiliary: null,
        side: 'D',
        amount: depositBase,
      });
    lines.push({
      account: revenue.account,
      accountLabel: `${revenue.label} (TVA ${rateText(rate.vatRatePercent)} %)`,
      auxiliary: null,
      side: 'C',
      amount: depositSale ? (own?.baseAmount ?? 0) : rate.baseAmount,
    });
    lines.push({
      account: accounts.vatCollected,
      accountLabel: `TVA collectée ${rateText(rate.vatRatePercent)} %`,
      auxiliary: null,
      side: 'C',
      amount: own?.vatAmount ?? 0,
    });
  }
  const swap = doc.kind === 'credit_note';
  return lines
    .filter((line) => line.amount !== 0)
    .map(({ side, amount, ...line }) => {
      // A negative amount (never in practice) goes to the other side, so no cell is negative.
      const debitSide = ((side === 'D') !== swap) !== amount < 0;
      return { ...line, debit: debitSide ? Math.abs(amount) : 0, credit: debitSide ? 0 : Math.abs(amount) };
    });
}

const fecDate = (isoDate: string) => isoDate.replaceAll('-', '');

/** The sales journal's header line (the FEC's 18 column names). */
export const fecHeader = (): string => csvLine(FEC_COLUMNS.map(csvText));

/** One document's balanced entry in the sales journal, numbered `entryNumber` (from 1). */
export function fecEntry(doc: InvoiceDocument, entryNumber: number, accounts: FecAccounts): string[] {
  const label = `${invoiceKindLabels[doc.kind]} ${doc.number}${doc.corrects ? ` sur ${doc.corrects.number}` : ''} - commande n° ${doc.order.orderNumber}`;
  return fecEntryLines(doc, accounts).map((line) =>
    csvLine([
      csvText(accounts.journalCode),
      csvText(accounts.journalLabel),
      csvText(String(entryNumber)),
      csvNumber(fecDate(doc.issueDate)),
      csvText(line.account),
      csvText(line.accountLabel),
      csvText(line.auxiliary?.number ?? ''),
      csvText(line.auxiliary?.label ?? ''),
      csvText(doc.number),
      csvNumber(fecDate(doc.issueDate)),
      csvText(label),
      csvNumber(csvAmount(line.debit)),
      csvNumber(csvAmount(line.credit)),
      '',
      '',
      csvNumber(fecDate(doc.issueDate)),
      '',
      '',
    ]),
  );
}

/** The period's sales journal: one balanced entry per document, numbered in the order given. */
export function fecSalesJournal(documents: readonly InvoiceDocument[], accounts: FecAccounts): string[] {
  return [fecHeader(), ...documents.flatMap((doc, index) => fecEntry(doc, index + 1, accounts))];
}
