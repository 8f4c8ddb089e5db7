import {
  type RecordedDocumentEvent,
  type RecordedInvoiceEvent,
  type RecordedOrderEvent,
} from '../events/event-reader.js';
import { type InvoiceDocument, invoiceTotals, parisDay } from '../invoices/invoice-document.js';
import { invoiceListItem } from '../invoices/invoice-ledger.js';
import { invoiceLinesFor } from '../invoices/invoice-lines.js';
import { invoicedEventPurposes } from '../invoices/invoiced-events.js';
import { type OrderState, initialOrderState } from '../orders/order-state.js';
import { refundPurposeLabels } from '../orders/payment-labels.js';
import {
  type LegacyCreditToSettle,
  legacyCreditsToSettle,
  refundableThroughProvider,
} from '../orders/refund-requests.js';
import { evolve } from '../orders/order-evolve.js';
import { formatEurosTTC } from '../pricing/format-euros.js';
import { roundDiv } from '../pricing/money.js';
import { VAT_RATE_PERCENT } from '../pricing/pricing-grid.js';

/**
 * The books of an order balance (docs/architecture.md, « Les comptes »). For every order, every
 * period (the month, Paris calendar, the money moved in) and every VAT rate:
 *   invoiced − credited = received − refunded,
 * no invoice credited beyond what it collected, every payment invoiced exactly once, every refund
 * credited exactly once, and every document listed at what it puts in the books.
 */
export type BooksRule =
  | 'balance'
  | 'payment_not_invoiced'
  | 'payment_invoiced_twice'
  | 'refund_not_credited'
  | 'refund_credited_twice'
  | 'credited_beyond_collected'
  | 'listed_amount';

export interface BooksBreak {
  readonly orderId: string;
  readonly orderNumber: number;
  readonly rule: BooksRule;
  /** The document concerned, when there is one. */
  readonly document?: string;
  /** `YYYY-MM` and the rate, for a balance that does not hold. */
  readonly period?: string;
  readonly vatRatePercent?: number;
  /** Why, in French, for the operator and the back-office. */
  readonly why: string;
}

/** An order's event as the log holds it: its id links it to the documents it calls for. */
export interface LoggedOrderEvent {
  readonly eventId: string;
  readonly event: RecordedOrderEvent;
}

/** TTC cents per VAT rate. */
type ByRate = Map<number, number>;

interface Money {
  readonly eventId: string;
  readonly paymentId: string;
  readonly amountWithVat: number;
  readonly day: string;
  readonly byRate: ByRate;
}

interface OrderFacts {
  orderNumber: number;
  state: OrderState;
  readonly payments: Money[];
  readonly refunds: Money[];
}

interface Issued {
  readonly document: InvoiceDocument;
  readonly causeEventId: string;
  /** An invoice a reactivation issued again: the payment it invoices. */
  readonly reinvoiced?: string;
}

const add = (into: ByRate, rate: number, amount: number) => into.set(rate, (into.get(rate) ?? 0) + amount);
const sum = (byRate: ByRate) => [...byRate.values()].reduce((a, b) => a + b, 0);
const euros = (cents: number) => formatEurosTTC(cents);
const dayOf = (instant: string) => parisDay(instant);

/** `amount` split as `shares` are (the last rate takes the rounding's rest). */
function splitLike(amount: number, shares: ByRate): ByRate {
  const total = sum(shares);
  const rates = [...shares.keys()];
  const out: ByRate = new Map();
  if (rates.length === 0 || total === 0) return out.set(VAT_RATE_PERCENT, amount);
  let rest = amount;
  rates.forEach((rate, i) => {
    const part = i === rates.length - 1 ? rest : roundDiv(amount * shares.get(rate)!, total);
    rest -= part;
    out.set(rate, part);
  });
  return out;
}

/** What was sold for one money event, TTC per rate (the order's price, as its invoice lines say). */
function saleShares(state: OrderState, event: RecordedOrderEvent): ByRate {
  const purpose = invoicedEventPurposes[event.type]!;
  const shares: ByRate = new Map();
  try {
    for (const rate of invoiceTotals(invoiceLinesFor(state, purpose)).vatBreakdown)
      add(shares, rate.vatRatePercent, rate.baseAmount + rate.vatAmount);
  } catch {
    // An order without a price sold nothing the grid can split: the one rate.
  }
  return shares;
}

/** A document's VAT breakdown, TTC per rate. */
function documentByRate(doc: InvoiceDocument): ByRate {
  const byRate: ByRate = new Map();
  for (const rate of doc.vatBreakdown) add(byRate, rate.vatRatePercent, rate.baseAmount + rate.vatAmount);
  return byRate;
}

/**
 * What a document puts in the books, TTC per rate, positive: its own totals, less the deposits it
 * deducts when its totals include them (decision 49: a final invoice carries the whole sale and
 * deducts its deposit invoices as already paid; a credit note of all it collected repeats that
 * layout). Whether the totals include them is read from the document itself: total − paid − due.
 */
export function bookedByRate(
  doc: InvoiceDocument,
  depositOf: (number: string) => InvoiceDocument | undefined,
) {
  const byRate = documentByRate(doc);
  const deducted = doc.depositsDeducted.reduce((total, deposit) => total + deposit.amountWithVat, 0);
  const includesDeposits =
    deducted > 0 && doc.totalWithVat - doc.paidWithVat - doc.amountDueWithVat === deducted;
  if (includesDeposits)
    for (const deposit of doc.depositsDeducted) {
      const invoice = depositOf(deposit.number);
      const parts = splitLike(deposit.amountWithVat, invoice ? documentByRate(invoice) : byRate);
      for (const [rate, part] of parts) add(byRate, rate, -part);
    }
  return byRate;
}

/**
 * The books of every order of a log, read event by event (the whole log streams through: only the
 * money facts of each order and the documents are kept), then checked.
 */
export class BooksCheck {
  private readonly orders = new Map<string, OrderFacts>();
  private readonly documents = new Map<string, Issued>();
  private readonly documentsByOrder = new Map<string, string[]>();
  private readonly reserved = new Map<string, number>();

  /** An event of an order's stream, in the stream's order. */
  addOrderEvent(orderId: string, { eventId, event }: LoggedOrderEvent): void {
    let facts = this.orders.get(orderId);
    if (!facts) {
      facts = { orderNumber: 0, state: initialOrderState(), payments: [], refunds: [] };
      this.orders.set(orderId, facts);
    }
    facts.state = evolve(facts.state, event);
    facts.orderNumber = facts.state.orderNumber;
    const at = event.metadata.occurredAt;
    if (event.type in invoicedEventPurposes && 'payment' in event.data && 'amount' in event.data) {
      const { payment, amount } = event.data;
      facts.payments.push({
        eventId,
        paymentId: payment.paymentId,
        amountWithVat: amount,
        day: payment.receivedOn ?? dayOf(at),
        byRate: splitLike(amount, saleShares(facts.state, event)),
      });
    }
    if (event.type === 'PaymentRefunded') {
      // A refund of a payment the order took in (a payment it refused was never invoiced, nor counted).
      const paid = facts.payments.find((p) => p.paymentId === event.data.payment.paymentId);
      if (paid)
        facts.refunds.push({
          eventId,
          paymentId: paid.paymentId,
          amountWithVat: event.data.amount,
          day: dayOf(at),
          byRate: splitLike(event.data.amount, paid.byRate),
        });
    }
  }

  /** An event of an invoice stream: a document of a series, or a credit reserved on an invoice. */
  addInvoiceEvent(event: RecordedInvoiceEvent): void {
    if (event.type === 'InvoiceCreditReserved') {
      const { invoiceNumber, amountWithVat } = event.data;
      this.reserved.set(invoiceNumber, (this.reserved.get(invoiceNumber) ?? 0) + amountWithVat);
      return;
    }
    const { document, issuedFrom } = (event as RecordedDocumentEvent).data;
    this.documents.set(document.number, {
      document,
      causeEventId: issuedFrom.eventId,
      ...(issuedFrom.paymentId ? { reinvoiced: issuedFrom.paymentId } : {}),
    });
    const orderId = document.order.orderId;
    this.documentsByOrder.set(orderId, [...(this.documentsByOrder.get(orderId) ?? []), document.number]);
  }

  /** The orders counted so far (those with events, and those with documents only). */
  orderIds(): string[] {
    return [...new Set([...this.orders.keys(), ...this.documentsByOrder.keys()])];
  }

  /** Every break of every order, order by order. */
  breaks(): BooksBreak[] {
    return this.orderIds().flatMap((orderId) => this.breaksOf(orderId));
  }

  breaksOf(orderId: string): BooksBreak[] {
    const facts = this.orders.get(orderId);
    const docs = (this.documentsByOrder.get(orderId) ?? []).map((n) => this.documents.get(n)!);
    const orderNumber = facts?.orderNumber || docs[0]?.document.order.orderNumber || 0;
    const breaks: BooksBreak[] = [];
    const broken = (rule: BooksRule, why: string, more: Partial<BooksBreak> = {}) =>
      breaks.push({ orderId, orderNumber, rule, ...more, why });
    const payments = facts?.payments ?? [];
    const refunds = facts?.refunds ?? [];
    const invoices = docs.filter((d) => d.document.kind !== 'credit_note');
    const credits = docs.filter((d) => d.document.kind === 'credit_note');
    const depositOf = (number: string) => this.documents.get(number)?.document;
    const booked = new Map(docs.map((d) => [d.document.number, bookedByRate(d.document, depositOf)]));

    // A credit note with no refund behind it (a version 1 cancellation's) cancels its invoice on
    // paper (with the refunds' credit notes before it, when it credited what they left): the invoice
    // a reactivation issues again for the payment (of what the order kept) then stands in its place.
    const unrefundedCredit = (d: Issued) => d.document.paymentDate === null;
    const cancelledOnPaper = (invoice: Issued) => {
      const notes = credits.filter((d) => d.document.corrects?.number === invoice.document.number);
      const credited = notes.reduce((total, d) => total + sum(booked.get(d.document.number)!), 0);
      return notes.some(unrefundedCredit) && credited >= sum(booked.get(invoice.document.number)!);
    };
    for (const paid of payments) {
      const answering = invoices.filter(
        (d) => d.causeEventId === paid.eventId || d.reinvoiced === paid.paymentId,
      );
      const standing = answering.filter((d) => !cancelledOnPaper(d));
      const what = () => `Le paiement ${paid.paymentId} de ${euros(paid.amountWithVat)} reçu le ${paid.day}`;
      if (answering.length === 0) broken('payment_not_invoiced', `${what()} n'est pas facturé.`);
      if (standing.length > 1)
        broken(
          'payment_invoiced_twice',
          `${what()} est facturé ${standing.length} fois : ${standing.map((d) => d.document.number).join(', ')}.`,
        );
    }
    // The payment an invoice acknowledges (its money event's, or the one a reactivation invoiced again).
    const paymentOf = (invoice: Issued | undefined) =>
      invoice?.reinvoiced ?? payments.find((p) => p.eventId === invoice?.causeEventId)?.paymentId;
    const paperCreditsOf = (paymentId: string) =>
      credits.filter(
        (d) =>
          unrefundedCredit(d) &&
          paymentOf(this.documents.get(d.document.corrects?.number ?? '')) === paymentId,
      );
    for (const refund of refunds) {
      // Refunded by hand after a version 1 cancellation: its credit note was issued beforehand.
      const answering = credits.filter((d) => d.causeEventId === refund.eventId);
      if (answering.length === 0) answering.push(...paperCreditsOf(refund.paymentId));
      const what = () =>
        `Le remboursement de ${euros(refund.amountWithVat)} du paiement ${refund.paymentId} le ${refund.day}`;
      if (answering.length === 0) broken('refund_not_credited', `${what()} n'a pas d'avoir.`);
      if (answering.length > 1)
        broken(
          'refund_credited_twice',
          `${what()} a ${answering.length} avoirs : ${answering.map((d) => d.document.number).join(', ')}.`,
        );
    }
    for (const invoice of invoices) {
      const number = invoice.document.number;
      const collected = sum(booked.get(number)!);
      const creditedBy = credits.filter((d) => d.document.corrects?.number === number);
      const credited = creditedBy.reduce((total, d) => total + sum(booked.get(d.document.number)!), 0);
      const reserved = this.reserved.get(number) ?? 0;
      if (credited > collected || reserved > collected)
        broken(
          'credited_beyond_collected',
          `La facture ${number} a encaissé ${euros(collected)} mais ses avoirs (${creditedBy.map((d) => d.document.number).join(', ') || 'aucun'}) en créditent ${euros(Math.max(credited, reserved))}.`,
          { document: number },
        );
    }
    for (const { document } of docs) {
      const listed = invoiceListItem(document, '').totalWithVat;
      const own = sum(booked.get(document.number)!);
      if (listed !== own) {
        const what =
          document.kind === 'credit_note'
            ? `L'avoir ${document.number} est listé à ${euros(-listed)} alors qu'il crédite ${euros(own)}`
            : `La facture ${document.number} est listée à ${euros(listed)} alors qu'elle facture ${euros(own)}`;
        broken('listed_amount', `${what} : les acomptes déduits y sont comptés une seconde fois.`, {
          document: document.number,
        });
      }
    }

    // The balance, per month the money moved and per rate.
    const books = new Map<string, { documents: number; money: number; numbers: string[] }>();
    const at = (period: string, rate: number) => {
      const key = `${period}|${rate}`;
      let line = books.get(key);
      if (!line) books.set(key, (line = { documents: 0, money: 0, numbers: [] }));
      return line;
    };
    // A credit note with no refund (version 1's) moved no money: each refund of the payment that came
    // after all with no credit note of its own (by hand) takes its part, on the refund's day; the rest
    // is booked beside the invoice a reactivation issued again in its place (dated by the payment), so
    // that the pair weighs nothing; alone, on its issue day, it leaves the books short of what was received.
    const ownCredits = new Set(credits.map((d) => d.causeEventId));
    const paperCreditParts = (document: InvoiceDocument, byRate: ByRate): [string, ByRate][] => {
      const paymentId = paymentOf(this.documents.get(document.corrects?.number ?? ''));
      const parts: [string, ByRate][] = [];
      let left = sum(byRate);
      const rest = new Map(byRate);
      for (const refund of refunds) {
        if (refund.paymentId !== paymentId || ownCredits.has(refund.eventId) || left <= 0) continue;
        const part = splitLike(Math.min(refund.amountWithVat, left), byRate);
        for (const [rate, amount] of part) rest.set(rate, (rest.get(rate) ?? 0) - amount);
        left -= sum(part);
        parts.push([refund.day, part]);
      }
      if (left > 0) {
        const reinvoice = invoices.find((d) => d.reinvoiced !== undefined && d.reinvoiced === paymentId);
        parts.push([reinvoice?.document.paymentDate ?? document.issueDate, rest]);
      }
      return parts;
    };
    const partsOf = (document: InvoiceDocument, byRate: ByRate): [string, ByRate][] =>
      document.paymentDate
        ? [[document.paymentDate, byRate]]
        : document.corrects
          ? paperCreditParts(document, byRate)
          : [[document.issueDate, byRate]];
    for (const { document } of docs) {
      const sign = document.kind === 'credit_note' ? -1 : 1;
      for (const [day, byRate] of partsOf(document, booked.get(document.number)!))
        for (const [rate, amount] of byRate) {
          const line = at(day.slice(0, 7), rate);
          line.documents += sign * amount;
          line.numbers.push(document.number);
        }
    }
    for (const [sign, moves] of [
      [1, payments],
      [-1, refunds],
    ] as const)
      for (const move of moves)
        for (const [rate, amount] of move.byRate) at(move.day.slice(0, 7), rate).money += sign * amount;
    const refundCauses = new Set(refunds.map((r) => r.eventId));
    const unrefunded = credits.filter((d) => !refundCauses.has(d.causeEventId)).map((d) => d.document.number);
    const gaps = [...books.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .filter(([, line]) => line.documents !== line.money)
      .map(([key, line]) => {
        const [period, rate] = key.split('|') as [string, string];
        const why = `En ${period}, TVA ${rate.replace('.', ',')} % : facturé − avoirs = ${euros(line.documents)}, encaissé − remboursé = ${euros(line.money)}.`;
        return { period, vatRatePercent: Number(rate), why };
      });
    const toSettle = facts ? legacyCreditsToSettle(facts.state) : [];
    if (gaps.length > 0 && toSettle.length > 0) {
      // A version 1 cancellation not settled yet: one break that says what happened and what to do.
      const { period, vatRatePercent } = gaps[0]!;
      broken('balance', `${legacySettlement(toSettle, unrefunded)} ${gaps.map((g) => g.why).join(' ')}`, {
        period,
        vatRatePercent,
      });
      return breaks;
    }
    const hint = unrefunded.length > 0 ? ` Avoir(s) sans remboursement : ${unrefunded.join(', ')}.` : '';
    for (const { period, vatRatePercent, why } of gaps)
      broken('balance', `${why}${hint}`, { period, vatRatePercent });
    return breaks;
  }
}

/**
 * Why the books of an order cancelled by version 1 do not balance, and what the team can do about it,
 * in French: its invoices were credited and nothing was given back. A card payment is refunded from
 * the back-office (the credit note already issued stands for the refund: none is issued again); a
 * payment received by hand cannot be, the order is reactivated if the client goes on.
 */
function legacySettlement(toSettle: readonly LegacyCreditToSettle[], creditNotes: readonly string[]): string {
  const left = toSettle.reduce((total, p) => total + p.left, 0);
  const offline = toSettle.filter((p) => !refundableThroughProvider(p.payment));
  const byCard = toSettle.filter((p) => refundableThroughProvider(p.payment));
  const listed = toSettle
    .map(
      (p) =>
        `${refundPurposeLabels[p.payment.purpose]} ${p.payment.payment.paymentId}${refundableThroughProvider(p.payment) ? '' : ' (reçu hors ligne)'} : ${euros(p.left)}`,
    )
    .join(', ');
  const notes =
    creditNotes.length > 0 ? ` (avoir${creditNotes.length > 1 ? 's' : ''} ${creditNotes.join(', ')})` : '';
  const refund =
    byCard.length > 0
      ? `rembourser ${byCard.length > 1 ? 'ces paiements' : 'ce paiement'} par carte depuis la fiche de la commande (« Rembourser », par le prestataire de paiement ; l'avoir déjà émis vaut pour ce remboursement, aucun autre n'est émis), ou, si le client poursuit le projet, `
      : '';
  const reactivate = `réactiver la commande : ce qu'elle conserve est alors facturé de nouveau.`;
  const byHand =
    offline.length > 0
      ? ` Un paiement reçu hors ligne ne se rembourse pas depuis l'application : seule la réactivation remet ses comptes d'aplomb.`
      : '';
  return `Commande annulée par la version 1 de l'application dans le délai de garantie : ses factures ont été créditées${notes} sans que rien ne soit remboursé ; ${euros(left)} reçus restent à rendre (${listed}). À faire : ${refund}${reactivate}${byHand}`;
}

/** The breaks of one order's books: its events, and the invoice streams' events (any order's). */
export function orderBooksBreaks(
  orderId: string,
  orderEvents: readonly LoggedOrderEvent[],
  invoiceEvents: readonly RecordedInvoiceEvent[],
): BooksBreak[] {
  const check = new BooksCheck();
  for (const event of orderEvents) check.addOrderEvent(orderId, event);
  for (const event of invoiceEvents) check.addInvoiceEvent(event);
  return check.breaksOf(orderId);
}

/**
 * Numbering without gap: the documents of each series and year, in their stream's order, are
 * numbered 1, 2, 3… and never dated before the one before.
 */
export function numberingBreaks(series: readonly InvoiceDocument[]): string[] {
  const problems: string[] = [];
  const last = new Map<string, { sequence: number; issueDate: string }>();
  for (const doc of series) {
    const [prefix, year, sequence] = doc.number.split('-') as [string, string, string];
    const key = `${prefix}-${year}`;
    const before = last.get(key) ?? { sequence: 0, issueDate: '' };
    if (Number(sequence) !== before.sequence + 1)
      problems.push(
        `${doc.number} suit le n° ${before.sequence} de la série ${key} : numérotation non continue.`,
      );
    if (doc.issueDate < before.issueDate)
      problems.push(`${doc.number} est daté du ${doc.issueDate}, avant le document qui le précède.`);
    last.set(key, { sequence: Number(sequence), issueDate: doc.issueDate });
  }
  return problems;
}
