import {
  SUBSCRIPTION_PLANS,
  type SubscriptionPlanKey,
  type TemplateKey,
} from '@coseso/domain/pricing/pricing-grid';
import {
  type OfferGrid,
  pricingPageOrderBasePrice,
  pricingPageOrderTotal,
} from '@coseso/domain/pricing/pricing-plans';

/** The order the pricing page asks for (spec §3 "pricing page variant"); amounts in cents, which the server computes again. */
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

/** At `grid`, the catalogue version the page shows (the first one's until it is loaded). */
export function oneTimeOrder(template: TemplateKey, grid?: OfferGrid): PricingOrder {
  const selection = { planType: 'one-time', selectedTemplate: template } as const;
  return {
    ...selection,
    subscriptionPlan: null,
    billingCycle: null,
    totalAmount: pricingPageOrderTotal(selection, grid),
    basePrice: pricingPageOrderBasePrice(selection, grid),
  };
}

export function subscriptionOrder(plan: SubscriptionPlanKey, grid?: OfferGrid): PricingOrder {
  const selection = { planType: 'subscription', subscriptionPlan: plan, billingCycle: 'monthly' } as const;
  return {
    ...selection,
    selectedTemplate: SUBSCRIPTION_PLANS[plan].template,
    totalAmount: pricingPageOrderTotal(selection, grid),
    basePrice: pricingPageOrderBasePrice(selection, grid),
  };
}
