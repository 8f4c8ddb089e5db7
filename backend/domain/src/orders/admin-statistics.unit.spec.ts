import { isEmptyDraft, statisticsContribution } from './admin-statistics.js';
import { type OrderForm } from './order-form.js';
import { Scenario, actors, orderIn } from './testing/order-test-kit.js';

/** A draft as a start button makes it, with the form it was created with, then what the visitor saved. */
function draft(source: 'landing' | 'pricing', created: OrderForm, saved?: OrderForm) {
  const s = new Scenario();
  s.run({
    type: 'CreateOrderDraft',
    actor: actors.visitor,
    orderId: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
    orderNumber: 1001,
    source,
    form: created,
  });
  if (saved) s.run({ type: 'SaveWizardProgress', actor: actors.visitor, currentStep: 1, form: saved });
  return s.state;
}

const landingBlanks: OrderForm = {
  companyName: '',
  companySector: '',
  companyDescription: '',
  contactFirstName: '',
  contactLastName: '',
  contactEmail: '',
};

describe('a draft nobody filled in', () => {
  it.each([
    ['an empty form', draft('landing', {})],
    ["the landing page's blank fields", draft('landing', landingBlanks)],
    [
      "a /pricing offer's template and rhythm",
      draft('pricing', { selectedTemplate: 'business', billingPeriod: 'monthly' }),
    ],
    ['spaces typed in a field', draft('landing', landingBlanks, { companyName: '   ' })],
  ])('is %s', (_, state) => expect(isEmptyDraft(state)).toBe(true));

  it.each([
    [
      'a company name typed on the landing page',
      draft('landing', { ...landingBlanks, companyName: 'Atelier' }),
    ],
    [
      'a field saved in the wizard',
      draft('pricing', { selectedTemplate: 'business' }, { contactEmail: 'a@b.fr' }),
    ],
    ['an order past the wizard', orderIn('contract_signed').state],
  ])('is not %s', (_, state) => expect(isEmptyDraft(state)).toBe(false));
});

describe('the subscriptions counted', () => {
  it('leave out the subscription of a cancelled order: it ended with it', () => {
    const s = orderIn('ready_for_delivery', { billing: 'monthly' });
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Le client renonce' });
    expect(statisticsContribution(s.state)).toMatchObject({
      activeSubscriptions: 0,
      monthlyRecurringRevenueCents: 0,
    });
  });

  it('count a card subscription and neither a first month paid offline nor one made up for it before', () => {
    const card = orderIn('ready_for_delivery', { billing: 'monthly' }).state;
    expect(statisticsContribution(card)).toMatchObject({ activeSubscriptions: 1 });
    expect(statisticsContribution(card).monthlyRecurringRevenueCents).toBe(card.price!.monthlyWithVat);

    const madeUp = {
      ...card,
      subscription: { ...card.subscription, id: `offline-${card.orderId}` },
    };
    expect(statisticsContribution(madeUp)).toMatchObject({
      activeSubscriptions: 0,
      monthlyRecurringRevenueCents: 0,
    });

    const offline = orderIn('awaiting_first_monthly_payment', { billing: 'monthly' });
    offline.run({
      type: 'RecordFinalPayment',
      actor: actors.admin,
      payment: { provider: 'offline', paymentId: 'CHQ-42', receivedOn: '2026-11-22', means: 'transfer' },
      amount: offline.state.price!.monthlyWithVat,
    });
    expect(statisticsContribution(offline.state)).toMatchObject({
      activeSubscriptions: 0,
      monthlyRecurringRevenueCents: 0,
      awaitingPayment: 0,
    });
  });
});
