import { personalFormFields } from '@coseso/event-schemas/personal-fields';
import { toAnonymousOrderView, toOrderView } from './order-view.js';
import { actors, filledForm, orderIn } from './testing/order-test-kit.js';

describe('the API view of an order', () => {
  it('flattens the wizard data and the flags under the spec’s names', () => {
    const view = toOrderView(orderIn('contract_signed').state);
    expect(view).toMatchObject({
      ...filledForm(),
      id: '8a7c2f1e-4b5d-4c3e-9f10-112233445566',
      orderNumber: 1042,
      status: 'contract_signed',
      currentStep: 8,
      formCompleted: true,
      depositPaid: true,
      finalPaid: false,
      contractSigned: true,
      reviewStatus: 'pending',
      subscriptionStatus: 'none',
      hostingOption: 'coseso',
      domainOption: 'buy',
    });
    // One meaning per name: totalAmount is HT, as in the price; its TTC twin is totalWithVat.
    expect(view.totalAmount).toBe(view.price!.totalAmount);
    expect(view.totalWithVat).toBe(view.price!.totalWithVat);
    expect(view.totalWithVat).toBeGreaterThan(view.totalAmount!);
  });

  it('gives the amounts of a draft started from the pricing page, HT and TTC', () => {
    const s = orderIn('pending');
    const view = toOrderView({
      ...s.state,
      price: null,
      pricingSelection: {
        planType: 'subscription',
        subscriptionPlan: 'starter',
        billingCycle: 'monthly',
        totalAmount: 7_900,
        basePrice: 34_800,
      },
    });
    expect(view).toMatchObject({ totalAmount: 7_900, totalWithVat: 9_480, basePrice: 34_800 });
  });

  it('has no amounts for a draft started from the landing page', () => {
    expect(toOrderView(orderIn('pending').state)).toMatchObject({ totalAmount: null, totalWithVat: null });
  });

  it('derives the domain fields from the hosting choices', () => {
    const s = orderIn('pending');
    s.run({
      type: 'SaveWizardProgress',
      actor: actors.visitor,
      form: {
        hostingOptions: { dnsType: 'existing', existingDomain: 'martin.fr', hostingType: 'autonomous' },
      },
    });
    expect(toOrderView(s.state)).toMatchObject({
      domainOption: 'have',
      existingDomain: 'martin.fr',
      desiredDomain: '',
      hostingOption: 'client',
    });
    s.run({
      type: 'SaveWizardProgress',
      actor: actors.visitor,
      form: { hostingOptions: { dnsType: 'new', newDomainName: 'martin', domainExtension: '.com' } },
    });
    expect(toOrderView(s.state)).toMatchObject({
      domainOption: 'buy',
      desiredDomain: 'martin.com',
      existingDomain: '',
    });
  });
});

describe('the order read by its id alone', () => {
  const personalOf = (view: object) =>
    Object.keys(view).filter((key) => (personalFormFields as readonly string[]).includes(key));

  it('given an order waiting for its first payment, when read, then it shows the wizard its answers', () => {
    const state = orderIn('contract_ready_for_signature').state;
    expect(toAnonymousOrderView(state)).toEqual(toOrderView(state));
    expect(personalOf(toAnonymousOrderView(state))).not.toEqual([]);
  });

  it('given a paid order, when read, then no personal field is in the answer, and the rest is', () => {
    const state = orderIn('contract_signed').state;
    const view = toAnonymousOrderView(state);
    expect(personalOf(view)).toEqual([]);
    expect(view.reviewFeedback).toBeNull();
    const { reviewFeedback: _f, ...rest } = toOrderView(state) as unknown as Record<string, unknown>;
    for (const field of personalFormFields) delete rest[field];
    expect(view).toMatchObject(rest);
  });

  it('given the review feedback of a client, when read, then it is withheld', () => {
    const s = orderIn('en_revision');
    s.run({ type: 'RequestChanges', actor: actors.client, feedback: 'Changer le numéro de Claire' });
    expect(toOrderView(s.state).reviewFeedback).toBe('Changer le numéro de Claire');
    expect(toAnonymousOrderView(s.state).reviewFeedback).toBeNull();
  });

  it('never carries the team’s brief notes, whoever reads', () => {
    const view = toOrderView(orderIn('in_progress').state);
    expect(view).not.toHaveProperty('briefNotes');
  });
});
