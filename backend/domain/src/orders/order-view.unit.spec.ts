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
    expect(view.totalAmount).toBe(view.price!.totalWithVat);
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
