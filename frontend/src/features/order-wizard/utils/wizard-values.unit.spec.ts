import { initialOrderState } from '@coseso/domain/orders/order-state';
import { toOrderView } from '@coseso/domain/orders/order-view';
import { toWizardValues } from './wizard-values';

const draft = (more: Partial<ReturnType<typeof toOrderView>>) => ({
  ...toOrderView(initialOrderState()),
  ...more,
});

describe("the wizard's rhythm at step 8", () => {
  it('starts on the monthly plan for an offer chosen monthly on /pricing', () => {
    expect(toWizardValues(draft({ billingCycle: 'monthly' })).billingPeriod).toBe('monthly');
  });

  it('starts on the yearly plan otherwise, and keeps the rhythm the visitor chose', () => {
    expect(toWizardValues(draft({ billingCycle: null })).billingPeriod).toBe('yearly');
    expect(toWizardValues(draft({ billingCycle: 'monthly', billingPeriod: 'yearly' })).billingPeriod).toBe(
      'yearly',
    );
  });
});
