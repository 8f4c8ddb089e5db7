import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { teamAlertOf } from './team-alerts.js';

const failure = (template: string, recipient = 'claire@exemple.fr'): OrderEvent => ({
  type: 'OrderEmailFailed',
  data: { template, recipient, emailKey: 'k', since: '2026-12-01T10:00:00Z', attempts: 1, error: '550' },
});

describe('the team alert of an order event', () => {
  it.each<[string, OrderEvent, string | null]>([
    [
      'a brief with files',
      { type: 'BriefSubmitted', data: { nothingToSend: false, fileCount: 3 } },
      'Le client a envoyé son brief (3 fichiers).',
    ],
    [
      'a brief of one file',
      { type: 'BriefSubmitted', data: { nothingToSend: false, fileCount: 1 } },
      'Le client a envoyé son brief (1 fichier).',
    ],
    [
      'changes asked',
      { type: 'ChangesRequested', data: { feedback: 'Plus grand', round: 2 } },
      'Le client demande des modifications (tour de relecture 2).',
    ],
    [
      'a refused card',
      { type: 'CheckoutClosed', data: { purpose: 'balance', paymentId: 'p', outcome: 'failed' } },
      'Le paiement par carte a échoué (solde de 50 %).',
    ],
    [
      'an expired link',
      { type: 'CheckoutClosed', data: { purpose: 'balance', paymentId: 'p', outcome: 'expired' } },
      null,
    ],
    [
      'a refused renewal',
      { type: 'SubscriptionPaymentFailed', data: { subscriptionId: 's', reason: 'carte expirée' } },
      "Le prélèvement mensuel de l'abonnement a échoué (carte expirée).",
    ],
    [
      'an email to the client given up on',
      failure('payment-receipt'),
      "Un email au client n'a pas pu être distribué (« Reçu de paiement ») après 1 tentative.",
    ],
    ['an alert to the team given up on', failure('team-alert', 'equipe@coseso.test'), null],
    ['a conversation email to the team given up on', failure('new-messages', 'support@coseso.fr'), null],
    ['a step of the team', { type: 'ProductionStarted', data: {} }, null],
  ])('given %s, says what the team reads', (_, event, what) => {
    expect(teamAlertOf(event)?.what ?? null).toBe(what);
  });
});
