import { type PricingPageSelection } from '@coseso/domain/pricing/pricing-plans';
import { SUBSCRIPTION_PLAN_KEYS, TEMPLATE_KEYS } from '@coseso/domain/pricing/pricing-grid';
import { SUBSCRIPTION_BILLING_CYCLES } from '@coseso/domain/pricing/pricing-page-selection';
import { NAME_WITHOUT_CONTROLS, invisibleControlsMessage } from '@coseso/domain/shared/inert-text';
import { ChoiceField, EmailField, TextField } from '../../infra/http/request-fields.js';
import { StripsUnknownProperties } from '../../infra/http/validation.js';

const usuallyEmpty = 'Usually empty: the wizard asks for it';
const blankable = (maxLength: number) =>
  TextField({ maxLength, trim: true, optional: true, description: usuallyEmpty });
// A name the team will read: no bidi nor control character (the wizard's rule, in the domain).
const blankableName = (maxLength: number) =>
  TextField({
    maxLength,
    trim: true,
    optional: true,
    description: usuallyEmpty,
    pattern: { regex: NAME_WITHOUT_CONTROLS, message: invisibleControlsMessage },
  });
const blankableEmail = () => EmailField({ optional: true, blankable: true, description: usuallyEmpty });

const planTypes = ['one-time', 'subscription'] as const;
const oneTime = (body: CreateOrderRequestDto) => body.planType === 'one-time';
const subscription = (body: CreateOrderRequestDto) => body.planType === 'subscription';

/**
 * Either payload of spec §3: the landing page's (company and contact fields, usually all empty),
 * or the pricing page's, recognised by its planType. The pricing page also sends totalAmount and
 * basePrice: the server recomputes them, so they are dropped.
 */
@StripsUnknownProperties()
export class CreateOrderRequestDto {
  @ChoiceField(planTypes, {
    optional: true,
    description: "The pricing page's plan; absent from the landing page",
  })
  planType?: (typeof planTypes)[number];

  @ChoiceField(TEMPLATE_KEYS, { requiredWhen: oneTime, description: 'Required when planType is one-time' })
  selectedTemplate?: (typeof TEMPLATE_KEYS)[number];

  @ChoiceField(SUBSCRIPTION_PLAN_KEYS, {
    requiredWhen: subscription,
    description: 'Required when planType is subscription',
  })
  subscriptionPlan?: (typeof SUBSCRIPTION_PLAN_KEYS)[number];

  @ChoiceField(SUBSCRIPTION_BILLING_CYCLES, {
    requiredWhen: subscription,
    description: 'Required when planType is subscription: monthly, the only subscription sold',
  })
  billingCycle?: (typeof SUBSCRIPTION_BILLING_CYCLES)[number];

  @blankableName(200) companyName?: string;
  @blankable(200) companySector?: string;
  @blankable(2000) companyDescription?: string;
  @blankableName(100) contactFirstName?: string;
  @blankableName(100) contactLastName?: string;
  @blankableEmail() contactEmail?: string;
}

/** The pricing page's choice, or null for the landing page's payload. */
export function pricingSelectionOf(body: CreateOrderRequestDto): PricingPageSelection | null {
  if (body.planType === 'one-time') return { planType: 'one-time', selectedTemplate: body.selectedTemplate! };
  if (body.planType === 'subscription')
    return {
      planType: 'subscription',
      subscriptionPlan: body.subscriptionPlan!,
      billingCycle: body.billingCycle!,
    };
  return null;
}

/** The landing page's fields, created empty when not sent. */
export const landingForm = (body: CreateOrderRequestDto) => ({
  companyName: body.companyName ?? '',
  companySector: body.companySector ?? '',
  companyDescription: body.companyDescription ?? '',
  contactFirstName: body.contactFirstName ?? '',
  contactLastName: body.contactLastName ?? '',
  contactEmail: body.contactEmail ?? '',
});

/** The older landing page's payload (spec §3): `status` is the browser's and is dropped. */
@StripsUnknownProperties()
export class LegacyCreateOrderRequestDto {
  @blankableName(200) companyName?: string;
  @blankable(200) companySector?: string;
  @blankableName(100) contactFirstName?: string;
  @blankableName(100) contactLastName?: string;
  @blankableEmail() contactEmail?: string;

  @ChoiceField(TEMPLATE_KEYS, { optional: true, description: 'Defaults to business' })
  selectedTemplate?: (typeof TEMPLATE_KEYS)[number];
}

export const legacyForm = (body: LegacyCreateOrderRequestDto) => ({
  companyName: body.companyName ?? '',
  companySector: body.companySector ?? '',
  contactFirstName: body.contactFirstName ?? '',
  contactLastName: body.contactLastName ?? '',
  contactEmail: body.contactEmail ?? '',
  selectedTemplate: body.selectedTemplate ?? 'business',
});
