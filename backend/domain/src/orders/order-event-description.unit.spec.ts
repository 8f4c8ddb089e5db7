import { PROVIDER_PARTIAL_REFUND_REASON } from './decider/payment.decider.js';
import { describeOrderEvent } from './order-event-description.js';

const plain = (text: string) => text.replaceAll('\u00a0', ' ');

describe('the history’s line of a payment', () => {
  it('says TTC, and for a payment received by hand its reference and day', () => {
    expect(
      plain(
        describeOrderEvent({
          type: 'DepositPaid',
          data: { amount: 35_820, payment: { provider: 'sandbox', paymentId: 'pay_1' } },
        }),
      ),
    ).toBe('Acompte payé : 358,20 € TTC');
    expect(
      plain(
        describeOrderEvent({
          type: 'FirstMonthlyPaymentPaid',
          data: {
            amount: 9_480,
            payment: { provider: 'offline', paymentId: 'CHQ-42', receivedOn: '2026-11-20' },
          },
        }),
      ),
    ).toBe('Premier mois payé : 94,80 € TTC (hors ligne, référence CHQ-42, reçu le 20/11/2026)');
  });

  it('tells a refund at the provider of a payment accepted from the refund of a stale link', () => {
    const refunded = (reason: string) =>
      plain(
        describeOrderEvent({
          type: 'PaymentRefunded',
          data: {
            purpose: 'deposit',
            payment: { provider: 'stripe', paymentId: 'cs_1' },
            amount: 20_000,
            refundId: 're_1',
            reason,
          },
        }),
      );
    expect(refunded(PROVIDER_PARTIAL_REFUND_REASON)).toBe(
      'Remboursement partiel effectué chez le prestataire de paiement (acompte de 50 %) : 200,00 € TTC, un avoir corrige sa facture',
    );
    expect(refunded('Montant inattendu : 1 centimes reçus pour 2 dus.')).toMatch(
      /payé sur un lien qui ne valait plus/,
    );
    expect(
      plain(
        describeOrderEvent({
          type: 'PaymentRefunded',
          data: {
            purpose: 'renewal',
            payment: { provider: 'stripe', paymentId: 'in_1' },
            amount: 1_000,
            refundId: 're_2',
            reason: PROVIDER_PARTIAL_REFUND_REASON,
          },
        }),
      ),
    ).toBe(
      "Remboursement partiel effectué chez le prestataire de paiement (renouvellement de l'abonnement) : 10,00 € TTC, un avoir corrige sa facture",
    );
  });

  it('gives a cancellation’s reason', () => {
    expect(
      describeOrderEvent({
        type: 'OrderCancelled',
        data: { reason: 'Le client renonce', previousStatus: 'brief', guaranteeRefund: 'none_due' },
      }),
    ).toBe('Commande annulée : Le client renonce');
    expect(
      describeOrderEvent({
        type: 'OrderCancelled',
        data: { reason: 'Le client renonce', previousStatus: 'brief', guaranteeRefund: 'declined' },
      }),
    ).toBe(
      'Commande annulée : Le client renonce — garantie de 14 jours : aucun remboursement (choix de l’équipe)',
    );
  });

  it('gives a reactivation’s reason, and reads one made before reasons were asked', () => {
    const resumed = { status: 'brief_pending', firstPaymentOwed: false, finalPaymentOwed: false } as const;
    expect(
      describeOrderEvent({ type: 'OrderReactivated', data: { reason: 'Le client reprend', ...resumed } }),
    ).toBe('Commande réactivée : Le client reprend — reprise en « Upload client »');
    expect(describeOrderEvent({ type: 'OrderReactivated', data: { reason: null, ...resumed } })).toBe(
      'Commande réactivée — reprise en « Upload client »',
    );
    expect(
      describeOrderEvent({
        type: 'OrderReactivated',
        data: { reason: 'Reprise', status: 'en_revision', firstPaymentOwed: true, finalPaymentOwed: false },
      }),
    ).toBe('Commande réactivée : Reprise — reprise en « Révision » (premier paiement dû à nouveau)');
  });
});
