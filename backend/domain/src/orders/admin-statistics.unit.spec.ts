import { isEmptyDraft } from './admin-statistics.js';
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
