import { formatEurosTTC } from '../pricing/format-euros.js';
import { CUSTOMER_TIME_ZONE } from '../shared/customer-time-zone.js';
import { type CancellationTerms } from './cancellation.js';
import { paymentDatedAt } from './payment-dated-at.js';

/** A payment the order holds, as the back-office's view lists it (`AdminOrderView.heldPayments`). */
export interface CancelledOrderPayment {
  readonly label: string;
  readonly amount: number;
  readonly paidAt: string;
  readonly provider: string;
  /** Received by hand: the day it came in (YYYY-MM-DD). */
  readonly receivedOn?: string | null;
  readonly refunded: number;
}

/** A refund the team asked of the provider (`AdminOrderView.refundRequests`). */
export interface CancelledOrderRefundRequest {
  readonly amount: number;
  readonly requestedAt: string;
  readonly failed: { readonly at: string; readonly error: string } | null;
}

/** A document of the order as its invoice list gives it; the credit notes among them count here. */
export interface CancelledOrderDocument {
  readonly number: string;
  readonly kind: string;
  readonly issueDate: string;
  readonly totalWithVat: number;
  readonly corrects: string | null;
}

/** What a cancelled order's money became, in French, each amount TTC: for the team's panel. */
export interface CancelledOrderMoney {
  /** What was paid: one line per payment, or that nothing was. */
  readonly paid: readonly string[];
  /** What was refunded (asked, failed, done), or « Aucun remboursement » and why. */
  readonly refunds: readonly string[];
  /** The credit notes issued, their numbers, dates and amounts, or that none was. */
  readonly credits: readonly string[];
}

const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: CUSTOMER_TIME_ZONE });
const dayOf = (instant: string) => day.format(new Date(instant));
/** An invoice's issue date is a calendar day (YYYY-MM-DD): read at noon, it is that day in Paris. */
const issueDayOf = (date: string) => dayOf(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00Z` : date);
const sum = (amounts: readonly number[]) => amounts.reduce((a, b) => a + b, 0);

/**
 * A cancelled order's panel says what happened to its money, not what it would have charged: what
 * was paid (when, the day it came in for a payment received by hand; how), what was refunded (asked on which day, under way, failed and why, or made),
 * or that no refund is made and why (the team chose none, the 14-day guarantee was over, a payment
 * by hand is given back by hand, nothing was paid), and the credit notes issued for it.
 */
export function cancelledOrderMoney(
  terms: CancellationTerms,
  payments: readonly CancelledOrderPayment[],
  requests: readonly CancelledOrderRefundRequest[],
  documents: readonly CancelledOrderDocument[],
): CancelledOrderMoney {
  const paid =
    payments.length === 0
      ? ['Aucun paiement reçu']
      : payments.map(
          (p) =>
            `${p.label.charAt(0).toUpperCase()}${p.label.slice(1)} : ${formatEurosTTC(p.amount)} payé le ${dayOf(paymentDatedAt(p))} (${p.provider === 'offline' ? 'hors ligne' : 'par carte'})`,
        );

  const refunded = sum(payments.map((p) => p.refunded));
  const refunds: string[] = requests.map((r) => {
    const asked = `${formatEurosTTC(r.amount)} demandé le ${dayOf(r.requestedAt)}`;
    if (r.failed)
      return `Remboursement de ${asked} : échoué le ${dayOf(r.failed.at)} (${r.failed.error}), à demander à nouveau`;
    return `Remboursement de ${asked}`;
  });
  const outstanding = sum(requests.filter((r) => !r.failed).map((r) => r.amount));
  if (refunded > 0)
    refunds.push(
      `Remboursé par le prestataire : ${formatEurosTTC(refunded)}${refunded >= outstanding ? ' (effectué)' : ''}`,
    );
  if (outstanding > refunded)
    refunds.push(
      `Remboursement en cours : ${formatEurosTTC(outstanding - refunded)} attendus du prestataire`,
    );
  if (requests.length === 0 && refunded === 0) refunds.push(`Aucun remboursement : ${noRefundWhy(terms)}`);
  if (terms.paidOfflineWithVat > 0 && terms.guaranteeRefund === 'requested')
    refunds.push(
      `${formatEurosTTC(terms.paidOfflineWithVat)} reçus hors ligne : non remboursés par l'annulation (à rendre à la main)`,
    );

  const creditNotes = documents.filter((d) => d.kind === 'credit_note');
  const credits =
    creditNotes.length === 0
      ? ['Aucun avoir émis']
      : creditNotes.map(
          (d) =>
            `Avoir ${d.number} du ${issueDayOf(d.issueDate)} : ${formatEurosTTC(d.totalWithVat)}${d.corrects ? ` (corrige la facture ${d.corrects})` : ''}`,
        );
  return { paid, refunds, credits };
}

function noRefundWhy(terms: CancellationTerms): string {
  if (terms.paidWithVat === 0) return 'rien n’a été payé';
  if (terms.guaranteeRefund === 'declined') return 'l’équipe a annulé sans remboursement';
  if (!terms.refundable)
    return terms.guaranteeUntil
      ? `aucun n’est dû, la garantie de 14 jours a pris fin le ${dayOf(terms.guaranteeUntil)}`
      : 'aucun n’est dû';
  if (terms.paidOfflineWithVat >= terms.paidWithVat) return 'payé hors ligne, à rendre à la main s’il est dû';
  return 'aucun n’a été demandé au prestataire';
}
