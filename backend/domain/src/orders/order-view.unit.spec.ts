import { toOrderView } from './order-view.js';
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
