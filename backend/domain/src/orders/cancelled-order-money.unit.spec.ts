import { type CancellationTerms } from './cancellation.js';
import { cancelledOrderMoney as money_ } from './cancelled-order-money.js';

/** The lines with ordinary spaces (amounts are written with non-breaking ones). */
const cancelledOrderMoney = (...args: Parameters<typeof money_>) => {
  const plain = (lines: readonly string[]) => lines.map((l) => l.replace(/[\u00a0\u202f]/g, ' '));
  const { paid, refunds, credits } = money_(...args);
  return { paid: plain(paid), refunds: plain(refunds), credits: plain(credits) };
};

const terms = (over: Partial<CancellationTerms> = {}): CancellationTerms => ({
  cancelledAt: '2026-12-07T10:00:00.000Z',
  paidWithVat: 58_860,
  guaranteeUntil: '2026-12-20T10:00:00.000Z',
  refundable: true,
  guaranteeRefund: 'requested',
  refundRequestedWithVat: 58_860,
  refundedWithVat: 0,
  refundFailed: false,
  paidOfflineWithVat: 0,
  subscriptionStillActive: false,
  subscriptionEnded: false,
  ...over,
});
const deposit = (refunded = 0, provider = 'sandbox') => ({
  label: 'acompte',
  amount: 58_860,
  paidAt: '2026-12-06T10:00:00.000Z',
  provider,
  refunded,
});
const asked = { amount: 58_860, requestedAt: '2026-12-07T10:00:00.000Z', failed: null };
const creditNote = {
  number: 'A-2026-000001',
  kind: 'credit_note',
  issueDate: '2026-12-07',
  totalWithVat: 58_860,
  corrects: 'F-2026-000001',
};
const invoice = { ...creditNote, number: 'F-2026-000001', kind: 'deposit', corrects: null };

describe('what a cancelled order’s money became, for the panel', () => {
  it('given a deposit refunded within the guarantee and credited: paid, refunded (done) and the credit note by number', () => {
    const money = cancelledOrderMoney(terms(), [deposit(58_860)], [asked], [invoice, creditNote]);
    expect(money.paid).toEqual(['Acompte : 588,60 € TTC payé le 6 décembre 2026 (par carte)']);
    expect(money.refunds).toEqual([
      'Remboursement de 588,60 € TTC demandé le 7 décembre 2026',
      'Remboursé par le prestataire : 588,60 € TTC (effectué)',
    ]);
    expect(money.credits).toEqual([
      'Avoir A-2026-000001 du 7 décembre 2026 : 588,60 € TTC (corrige la facture F-2026-000001)',
    ]);
  });

  it('given a deposit received by hand: dated by the day it came in, not the day the team recorded it', () => {
    const byHand = { ...deposit(0, 'offline'), paidAt: '2026-12-07T09:00:00.000Z', receivedOn: '2026-12-04' };
    expect(cancelledOrderMoney(terms(), [byHand], [], []).paid).toEqual([
      'Acompte : 588,60 € TTC payé le 4 décembre 2026 (hors ligne)',
    ]);
  });

  it('given the refund asked and not yet reported: under way, and no credit note yet', () => {
    const money = cancelledOrderMoney(terms(), [deposit()], [asked], [invoice]);
    expect(money.refunds).toEqual([
      'Remboursement de 588,60 € TTC demandé le 7 décembre 2026',
      'Remboursement en cours : 588,60 € TTC attendus du prestataire',
    ]);
    expect(money.credits).toEqual(['Aucun avoir émis']);
  });

  it('given the refund failed: when and why, to ask again', () => {
    const failed = { ...asked, failed: { at: '2026-12-08T09:00:00.000Z', error: 'carte expirée' } };
    expect(cancelledOrderMoney(terms({ refundFailed: true }), [deposit()], [failed], []).refunds).toEqual([
      'Remboursement de 588,60 € TTC demandé le 7 décembre 2026 : échoué le 8 décembre 2026 (carte expirée), à demander à nouveau',
    ]);
  });

  it('given no refund: why — declined by the team, the guarantee over, paid by hand, nothing paid', () => {
    const none = (t: CancellationTerms, payments = [deposit()]) =>
      cancelledOrderMoney(t, payments, [], []).refunds;
    expect(none(terms({ guaranteeRefund: 'declined' }))).toEqual([
      'Aucun remboursement : l’équipe a annulé sans remboursement',
    ]);
    expect(none(terms({ guaranteeRefund: 'none_due', refundable: false }))).toEqual([
      'Aucun remboursement : aucun n’est dû, la garantie de 14 jours a pris fin le 20 décembre 2026',
    ]);
    expect(
      none(terms({ guaranteeRefund: 'none_due', paidOfflineWithVat: 58_860 }), [deposit(0, 'offline')]),
    ).toEqual(['Aucun remboursement : payé hors ligne, à rendre à la main s’il est dû']);
    const nothing = cancelledOrderMoney(
      terms({ paidWithVat: 0, guaranteeUntil: null, refundable: false, guaranteeRefund: 'none_due' }),
      [],
      [],
      [],
    );
    expect(nothing).toEqual({
      paid: ['Aucun paiement reçu'],
      refunds: ['Aucun remboursement : rien n’a été payé'],
      credits: ['Aucun avoir émis'],
    });
  });
});
