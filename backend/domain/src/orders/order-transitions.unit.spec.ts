// The transition table (docs/architecture.md §4), exhaustively: every command from every status, allowed or refused.
import { type OrderState } from './order-state.js';
import { adminStatusLabels, type OrderStatus, orderStatuses } from './order-status.js';
import { type RuledOrderCommandType, orderCommandRules, statusCorrections } from './order-rules.js';
import { type CommandInput, actors, given, orderIn } from './testing/order-test-kit.js';

type RuledCommand = RuledOrderCommandType;
const commandTypes = Object.keys(orderCommandRules) as RuledCommand[];

/** A well-formed command of each type, sent by the first actor allowed to send it. */
function sample(type: RuledCommand, state: OrderState): CommandInput {
  const actor = actors[orderCommandRules[type].who[0] as keyof typeof actors];
  const payment = { provider: 'sandbox' as const, paymentId: `pay_${type}` };
  switch (type) {
    case 'SaveWizardProgress':
      return { type, actor, form: { companyName: 'Autre nom' } };
    case 'CompleteOrderForm':
      return { type, actor, form: {} };
    case 'RecordFirstPayment':
      return { type, actor, payment, amount: state.price?.depositWithVat ?? 1 };
    case 'SignContract':
      return { type, actor, signerName: 'Claire Martin', documentSha256: 'b'.repeat(64), ip: null };
    case 'UploadBriefFile':
      return {
        type,
        actor,
        file: {
          fileId: '0b0b0b0b-1111-4222-8333-444444444444',
          category: 'logo',
          originalName: 'logo.png',
          storedName: 'x.png',
          size: 1000,
          mimeType: 'image/png',
          kind: 'image',
        },
      };
    case 'DeleteBriefFile':
      return { type, actor, fileId: '0b0b0b0b-1111-4222-8333-444444444444' };
    case 'SubmitBrief':
      return { type, actor, nothingToSend: true };
    case 'ValidateBrief':
      return { type, actor, notes: '' };
    case 'RequestMoreElements':
      return { type, actor, message: 'Il manque le logo' };
    case 'SendReviewLink':
    case 'CompleteChanges':
      return { type, actor, reviewUrl: 'preview.coseso.fr' };
    case 'RequestChanges':
      return { type, actor, feedback: 'Plus de bleu' };
    case 'RecordFinalPayment':
      return {
        type,
        actor,
        payment,
        amount: state.finalPaymentDue?.amount ?? 1,
        subscription: { subscriptionId: 'sub_x', currentPeriodEnd: '2026-12-22T09:00:00.000Z' },
      };
    case 'FinalizeDelivery':
      return { type, actor, siteUrl: 'https://boulangerie-martin.fr' };
    case 'CancelOrder':
      return { type, actor, reason: null };
    case 'CorrectStatus':
      return {
        type,
        actor,
        to: statusCorrections.find((c) => c.from === state.status)?.to ?? 'in_progress',
        reason: 'Erreur de manipulation',
      };
    case 'RecordSubscriptionRenewal':
      return {
        type,
        actor,
        subscriptionId: 'sub_1',
        payment,
        amount: 100,
        currentPeriodEnd: '2027-01-22T09:00:00.000Z',
      };
    case 'RecordSubscriptionPaymentFailure':
      return { type, actor, subscriptionId: 'sub_1', reason: 'card_declined' };
    case 'StartCheckout':
      return {
        type,
        actor,
        purpose: 'deposit',
        amount: state.price?.depositWithVat ?? 1,
        provider: 'sandbox',
        paymentId: 'cs_x',
        url: 'https://pay.example/cs_x',
        expiresAt: null,
      };
    case 'RecordCheckoutClosed':
      return { type, actor, paymentId: 'cs_x', outcome: 'failed' };
    case 'IssueContract':
      return { type, actor, documentSha256: 'd'.repeat(64), templateVersion: 1 };
    case 'LinkOrderToClient':
      return { type, actor, clientId: '11111111-2222-4333-8444-555555555555' };
    case 'RecordAccountManagerPayment':
      return { type, actor, payment, amount: 35_880 };
    case 'RecordPaymentRefund':
      return {
        type,
        actor,
        purpose: 'deposit',
        payment: { provider: 'sandbox', paymentId: 'pay_late' },
        amount: 100,
        refundId: 're_late',
        reason: 'Lien de paiement périmé',
      };
    case 'RecordPaymentRefusal':
      return {
        type,
        actor,
        purpose: 'deposit',
        payment: { provider: 'sandbox', paymentId: 'pay_late' },
        amount: 100,
        reason: 'Lien de paiement périmé',
        subscriptionId: null,
      };
    case 'RecordProviderRefund':
      return {
        type,
        actor,
        payment: { provider: 'sandbox', paymentId: 'pay_first' },
        refundedTotal: 100,
        refundId: 're_first',
      };
    default:
      return { type, actor } as CommandInput;
  }
}

const scenarios = Object.fromEntries(
  orderStatuses.map((s) => [
    s,
    orderIn(s, { billing: s === 'awaiting_first_monthly_payment' ? 'monthly' : 'yearly' }),
  ]),
);
const cases = orderStatuses.flatMap((status) => commandTypes.map((type) => [status, type] as const));

describe('the transition table', () => {
  it.each(orderStatuses)('has a scenario that reaches %s', (status) => {
    expect(scenarios[status]!.state.status).toBe(status);
  });

  describe.each(cases.filter(([status, type]) => !orderCommandRules[type].from.includes(status)))(
    'from %s, %s',
    (status, type) => {
      it('is refused with a message naming the current status', () => {
        const scenario = scenarios[status as OrderStatus]!;
        given(scenario)
          .when(sample(type, scenario.state))
          .thenFails('ORDER.TRANSITION_FORBIDDEN', `« ${adminStatusLabels[status as OrderStatus]} ».`);
      });
    },
  );

  describe.each(cases.filter(([status, type]) => orderCommandRules[type].from.includes(status)))(
    'from %s, %s',
    (status, type) => {
      it('passes the status check', () => {
        const scenario = scenarios[status as OrderStatus]!;
        try {
          given(scenario).when(sample(type, scenario.state)).events();
        } catch (error) {
          // Allowed here, it may still fail on a business rule of its own, never on the status.
          expect((error as { code: string }).code).not.toBe('ORDER.TRANSITION_FORBIDDEN');
        }
      });
    },
  );

  it.each(commandTypes)('refuses %s from an actor the table does not name', (type) => {
    const rule = orderCommandRules[type];
    const outsider = Object.values(actors).find((a) => !rule.who.includes(a.kind))!;
    const scenario = scenarios[rule.from[0]!]!;
    given(scenario)
      .when({ ...sample(type, scenario.state), actor: outsider } as CommandInput)
      .thenFails('ORDER.ACTOR_FORBIDDEN', /^Vous n'êtes pas autorisé à /);
  });

  it('never lets an auditor change anything', () => {
    for (const rule of Object.values(orderCommandRules)) expect(rule.who).not.toContain('auditor');
  });

  it.each(commandTypes)('refuses %s on an order that does not exist', (type) => {
    given([])
      .when(sample(type, orderIn('pending').state))
      .thenFails('ORDER.NOT_FOUND', 'Commande introuvable');
  });
});
