import {
  SUBSCRIPTION_PLANS,
  type SubscriptionPlanKey,
  type TemplateKey,
} from '@coseso/domain/pricing/pricing-grid';
import { pricingPageOrderBasePrice, pricingPageOrderTotal } from '@coseso/domain/pricing/pricing-plans';

/** The order the pricing page asks for (spec §3 "pricing page variant"); amounts in cents. */
export type PricingOrder =
  | {
      planType: 'one-time';
      subscriptionPlan: null;
      selectedTemplate: TemplateKey;
      billingCycle: null;
      totalAmount: number;
      basePrice: number;
    }
  | {
      planType: 'subscription';
      subscriptionPlan: SubscriptionPlanKey;
      // Informative only: the server derives the template from the plan.
      selectedTemplate: TemplateKey;
      billingCycle: 'monthly';
      totalAmount: number;
      basePrice: number;
    };

export function oneTimeOrder(template: TemplateKey): PricingOrder {
  const selection = { planType: 'one-time', selectedTemplate: template } as const;
  return {
    ...selection,
    subscriptionPlan: null,
    billingCycle: null,
    totalAmount: pricingPageOrderTotal(selection),
    basePrice: pricingPageOrderBasePrice(selection),
  };
}

export function subscriptionOrder(plan: SubscriptionPlanKey): PricingOrder {
  const selection = { planType: 'subscription', subscriptionPlan: plan, billingCycle: 'monthly' } as const;
  return {
    ...selection,
    selectedTemplate: SUBSCRIPTION_PLANS[plan].template,
    totalAmount: pricingPageOrderTotal(selection),
    basePrice: pricingPageOrderBasePrice(selection),
  };
}
