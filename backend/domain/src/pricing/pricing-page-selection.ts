import { z } from 'zod';
import { SUBSCRIPTION_PLAN_KEYS, TEMPLATE_KEYS } from './pricing-grid.js';

/** A subscription is monthly only: an annual subscription is not something the wizard sells. */
export const SUBSCRIPTION_BILLING_CYCLES = ['monthly'] as const;

// Mirrors the pricing page's creation payload; totalAmount and basePrice sent by the browser are ignored.
export const pricingPageSelectionSchema = z.discriminatedUnion('planType', [
  z.looseObject({ planType: z.literal('one-time'), selectedTemplate: z.enum(TEMPLATE_KEYS) }),
  z.looseObject({
    planType: z.literal('subscription'),
    subscriptionPlan: z.enum(SUBSCRIPTION_PLAN_KEYS),
    billingCycle: z.enum(SUBSCRIPTION_BILLING_CYCLES),
  }),
]);

export type PricingPageSelection = z.output<typeof pricingPageSelectionSchema>;

/** null when the payload does not name a known template, or plan and billing cycle. */
export function parsePricingPageSelection(input: unknown): PricingPageSelection | null {
  const parsed = pricingPageSelectionSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}
