import { z } from 'zod';
import {
  additionalOptionKeys,
  assetOptions,
  billingPeriods,
  creationOptions,
  dnsTypes,
  domainExtensions,
  fontKeys,
  freeOptionKeys,
  hostingTypes,
  orderStatuses,
  offlinePaymentMeans,
  paymentProviders,
  planTypes,
  styleKeys,
  subscriptionPlanKeys,
  templateKeys,
} from './order-keys.js';

// Enumerations of the spec, shared by the events, the domain and the SPA.
export * from './order-keys.js';

export const orderStatusSchema = z.enum(orderStatuses);

/** Money is always an integer number of euro cents. */
export const cents = z.int().min(0).max(100_000_000);
const text = (max: number) => z.string().max(max);
const flags = <K extends string>(keys: readonly K[]) =>
  z.strictObject(
    Object.fromEntries(keys.map((k) => [k, z.boolean().optional()])) as Record<
      K,
      z.ZodOptional<z.ZodBoolean>
    >,
  );

/**
 * The wizard's data. Every field is optional: a draft fills it step by step, and a saved change
 * holds only what changed. Completeness is a business rule of the domain, not of the event shape.
 */
export const orderFormSchema = z.strictObject({
  companyName: text(200).optional(),
  companySector: text(200).optional(),
  companyAddress: text(1000).optional(),
  companyId: text(30).optional().meta({ description: 'SIREN (9 digits) or SIRET (14 digits)' }),
  companyDescription: text(2000).optional(),
  contactFirstName: text(100).optional(),
  contactLastName: text(100).optional(),
  contactPosition: text(100).optional(),
  contactEmail: text(254).optional(),
  contactPhone: text(40).optional(),
  socialMedia: text(1000).optional(),
  creationOption: z.enum(creationOptions).optional(),
  selectedTemplate: z.enum(templateKeys).optional(),
  selectedStyle: z.enum(styleKeys).optional(),
  fontFamily: z.enum(fontKeys).optional(),
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  secondaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  inspirationUrl: text(2000).optional(),
  customInspiration: text(2000).optional(),
  logoOption: z.enum(assetOptions).optional(),
  contentOption: z.enum(assetOptions).optional(),
  billingPeriod: z.enum(billingPeriods).optional(),
  clientRemarks: text(5000).optional(),
  pages: text(1000).optional().meta({ description: 'Comma-separated page names' }),
  selectedDomain: z
    .strictObject({ domain: text(253), price: cents.meta({ description: 'Yearly price HT, cents' }) })
    .nullable()
    .optional(),
  additionalOptions: flags(additionalOptionKeys).optional(),
  hostingOptions: z
    .strictObject({
      hostingType: z.enum(hostingTypes).optional(),
      dnsType: z.enum(dnsTypes).optional(),
      newDomainName: text(253).optional(),
      domainExtension: z.enum(domainExtensions).optional(),
      existingDomain: text(253).optional(),
      maintenanceMonthly: z.boolean().optional(),
      customEmails: z.boolean().optional(),
      backupMonthly: z.boolean().optional(),
      accountManager: z.boolean().optional(),
    })
    .optional(),
  freeOptions: flags(freeOptionKeys).optional(),
  termsAccepted: z.boolean().optional(),
  marketingConsent: z.boolean().optional(),
});
export type OrderForm = z.infer<typeof orderFormSchema>;

export const pricingSelectionSchema = z.strictObject({
  planType: z.enum(planTypes),
  subscriptionPlan: z.enum(subscriptionPlanKeys).nullable(),
  billingCycle: z.enum(billingPeriods).nullable(),
  totalAmount: cents.meta({
    description: 'Recomputed by the server from the plan, never taken from the browser',
  }),
  basePrice: cents,
});
export type PricingSelection = z.infer<typeof pricingSelectionSchema>;

export const priceOptionLineSchema = z.strictObject({
  key: text(60),
  label: text(200),
  amountHT: cents,
  period: z.enum(['once', 'yearly', 'monthly']),
});

/** The price computed by the server's pricing module when the wizard is completed. */
export const priceBreakdownSchema = z.strictObject({
  billingPeriod: z.enum(billingPeriods),
  basePrice: cents,
  launchFees: cents,
  monthlySubscription: cents,
  totalAmount: cents,
  depositAmount: cents,
  remainingAmount: cents,
  depositWithVat: cents,
  remainingWithVat: cents,
  setupFeesAmount: cents,
  monthlyAmount: cents,
  vatAmount: cents,
  totalWithVat: cents,
  monthlyWithVat: cents,
  displayText: text(300),
  formula: text(500),
  options: z.array(priceOptionLineSchema).max(50),
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

/**
 * What else of its catalogue version an order is sold at, beside its price: what its invoices, its
 * contract, its client area and its account manager read for as long as the order lives
 * (docs/adr/0139-an-order-carries-the-terms-of-its-catalogue-version.md).
 */
export const orderTermsSchema = z.strictObject({
  templateLabel: text(200)
    .min(1)
    .meta({ description: "The template's name at the version (its recapLabel): the invoices' lines" }),
  depositPercent: z.int().min(0).max(100).meta({ description: 'Share of a yearly order paid at order' }),
  monthlyMarkupPercent: z
    .int()
    .min(0)
    .max(100)
    .meta({ description: 'Added to the monthly plan over the yearly one' }),
  hostingIncludes: z
    .array(text(200).min(1))
    .max(20)
    .meta({ description: 'What the Coseso hosting includes: the contract lists it' }),
  accountManager: z
    .strictObject({ label: text(200).min(1), yearlyPriceHT: cents })
    .meta({ description: 'The dedicated account manager as the order may add it, for a year, paid at once' }),
});
export type OrderTerms = z.infer<typeof orderTermsSchema>;

export const paymentRefSchema = z.strictObject({
  provider: z.enum(paymentProviders),
  paymentId: text(200)
    .min(1)
    .meta({ description: "The payment's id at the provider (checkout session, invoice…)" }),
  providerEventId: text(200)
    .optional()
    .meta({ description: "The provider's webhook event id, for idempotency" }),
  receivedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .meta({ description: 'An offline payment: the day the team received it (YYYY-MM-DD, Paris)' }),
  means: z.enum(offlinePaymentMeans).optional().meta({
    description:
      'An offline payment: how it came in (transfer, cheque, cash); absent for card payments and for offline payments recorded before it was asked',
  }),
});
export type PaymentRef = z.infer<typeof paymentRefSchema>;
