import { EMAIL_MAX_LENGTH } from '@coseso/domain/orders/order-form-rules';
import { pricingPageSelectionSchema } from '@coseso/domain/pricing/pricing-page-selection';
import { templateKeys } from '@coseso/event-schemas/order/order-values';
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max).optional().default('');

/** The landing page's payload: the company and contact fields, usually all empty. */
export const landingOrderRequest = z.object({
  companyName: text(200),
  companySector: text(200),
  companyDescription: text(2000),
  contactFirstName: text(100),
  contactLastName: text(100),
  contactEmail: text(EMAIL_MAX_LENGTH),
});

/** The pricing page's payload: the plan chosen; its amounts are recomputed on the server. */
export const pricingOrderRequest = pricingPageSelectionSchema;

/** Either payload of spec §3: the pricing page's is recognised by its planType. */
export const isPricingPayload = (body: unknown) =>
  typeof body === 'object' && body !== null && 'planType' in body;

/** The older landing page's payload (spec §3): `status` is the browser's and is ignored. */
export const legacyOrderRequest = z.object({
  companyName: text(200),
  companySector: text(200),
  contactFirstName: text(100),
  contactLastName: text(100),
  contactEmail: text(EMAIL_MAX_LENGTH),
  selectedTemplate: z.enum(templateKeys).optional().default('business'),
});
