import {
  additionalOptionKeys,
  assetOptions,
  billingPeriods,
  domainExtensions,
  hostingTypes,
  subscriptionPlanKeys,
  templateKeys,
} from '@coseso/event-schemas/order/order-keys';
import { LANDING_POPULAR_TEMPLATE } from './landing-figures-element.js';
import { type LaunchOfferTerms } from './launch-offer-terms.js';

// The enumerations are the event contract's (one source of truth); the prices are this file's.
/**
 * Every price constant of the spec, in integer euro cents excluding VAT (HT) unless a name says otherwise.
 * Landing page, pricing page, wizard recap and server all read these: change a price here and only here.
 */

export const VAT_RATE_PERCENT = 20;
export const MONTHS_PER_YEAR = 12;

export const TEMPLATE_KEYS = templateKeys;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export interface TemplatePricing {
  /** Name in the wizard and its recap. */
  recapLabel: string;
  /** Name on the landing page's price cards and simulation. */
  landingLabel: string;
  monthlyBaseHT: number;
  /** Charged once, at order, on the monthly plan only. */
  launchFeeHT: number;
}

// One grid for every figure (decision 5, docs/adr/0005-one-pricing-module.md): the monthly bases are the grid; every yearly or one-off template price is 12 × these.
export const TEMPLATES: Record<TemplateKey, TemplatePricing> = {
  onepage: {
    recapLabel: 'Site Vitrine',
    landingLabel: 'Site Vitrine',
    monthlyBaseHT: 2_900,
    launchFeeHT: 7_900,
  },
  portfolio: { recapLabel: 'Portfolio', landingLabel: 'Portfolio', monthlyBaseHT: 4_900, launchFeeHT: 9_900 },
  business: { recapLabel: 'Business', landingLabel: 'Business', monthlyBaseHT: 4_900, launchFeeHT: 9_900 },
  ecommerce: {
    recapLabel: 'E-commerce',
    landingLabel: 'E-commerce',
    monthlyBaseHT: 7_900,
    launchFeeHT: 14_900,
  },
};

export const POPULAR_TEMPLATE: TemplateKey = LANDING_POPULAR_TEMPLATE;

export const BILLING_PERIODS = billingPeriods;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const HOSTING_TYPES = hostingTypes;
export type HostingType = (typeof HOSTING_TYPES)[number];

export const ADDITIONAL_OPTION_KEYS = additionalOptionKeys;
export type AdditionalOptionKey = (typeof ADDITIONAL_OPTION_KEYS)[number];

export interface AdditionalOptionPricing {
  label: string;
  priceHT: number;
  /** Charged every year (spread over the months on the monthly plan), or once with the first payment. */
  period: 'yearly' | 'once';
  /** The option is only sold with this template. */
  onlyForTemplate?: TemplateKey;
}

export const ADDITIONAL_OPTIONS: Record<AdditionalOptionKey, AdditionalOptionPricing> = {
  seoOptimizations: { label: 'Optimisation SEO', priceHT: 24_900, period: 'yearly' },
  // A 30-minute session, given once: never billed per year (docs/decisions.md).
  liveTraining: { label: 'Formation en direct', priceHT: 27_000, period: 'once' },
  multiLanguage: { label: 'Site multilingue', priceHT: 24_900, period: 'yearly' },
  ecommercePro: {
    label: 'E-commerce Pro',
    priceHT: 59_900,
    period: 'yearly',
    onlyForTemplate: 'ecommerce',
  },
  aiChatbot: { label: 'Chatbot IA', priceHT: 19_900, period: 'yearly' },
  web3Integration: { label: 'Intégration Web3', priceHT: 49_900, period: 'yearly' },
};

export const LOGO_CONTENT_OPTION_KEYS = assetOptions;
export type LogoContentOption = (typeof LOGO_CONTENT_OPTION_KEYS)[number];

/** Same price for the logo and the content; each is made once, so it is charged once, on either plan. */
export const LOGO_CONTENT_PRICES_HT: Record<LogoContentOption, number> = {
  client: 0,
  dont_have: 0,
  self_managed: 0,
  ai: 9_900,
  professional: 49_000,
};

export const LOGO_OPTION_LABELS = { ai: 'Logo créé par IA', professional: 'Logo professionnel' } as const;
export const CONTENT_OPTION_LABELS = {
  ai: 'Contenus rédigés par IA',
  professional: 'Contenus professionnels',
} as const;

/**
 * What the Coseso hosting includes, at no extra price, on either plan (spec §9). Maintenance is one
 * of them: it is never sold apart (docs/decisions.md), so no price says « sans engagement » over a
 * year paid upfront. /pricing, the wizard, the recap, the contract and the client area list these.
 */
export const HOSTING_INCLUDES = [
  'Certificat SSL',
  'Sauvegardes',
  'Maintenance et mises à jour de sécurité',
  'Support',
  '1 adresse email de 10 Go',
] as const;

/** Maintenance, as every page names it: included in the Coseso hosting. */
export const MAINTENANCE = { label: 'Maintenance et mises à jour de sécurité', included: true } as const;

export const MONTHLY_PLAN_MARKUP_PERCENT = 30;
export const DEPOSIT_PERCENT = 50;

export const DOMAIN_EXTENSIONS = domainExtensions;
export type DomainExtension = (typeof DOMAIN_EXTENSIONS)[number];

/** A new domain is registered for the client and charged per year, like the options. */
export const DOMAIN_PRICES_HT_PER_YEAR: Record<DomainExtension, number> = {
  '.fr': 1_500,
  '.com': 1_800,
  '.org': 1_600,
  // The spec lists these extensions without a price: ours, in line with usual registrar prices.
  '.net': 1_800,
  '.eu': 1_200,
  '.be': 1_200,
};

export const SUBSCRIPTION_PLAN_KEYS = subscriptionPlanKeys;
export type SubscriptionPlanKey = (typeof SUBSCRIPTION_PLAN_KEYS)[number];

export interface SubscriptionPlanPricing {
  label: string;
  /**
   * What the plan sells: its template on the monthly plan. The plan has no price of its own; the
   * pricing page shows the template's monthly plan as computeOrderPrice prices it.
   */
  template: TemplateKey;
  popular: boolean;
}

export const SUBSCRIPTION_PLANS: Record<SubscriptionPlanKey, SubscriptionPlanPricing> = {
  starter: { label: 'Starter', template: 'onepage', popular: false },
  business: { label: 'Business', template: 'business', popular: true },
  premium: { label: 'Premium', template: 'ecommerce', popular: false },
};

/** exportEligibleAt = completion + this many years on the Paris calendar, for monthly billing only (null otherwise). */
export const EXPORT_ELIGIBLE_AFTER_YEARS = 1;

/**
 * What prices an order: the grid of one catalogue version (docs/adr/0123-the-catalogue-is-a-stream-of-versions.md).
 * A catalogue version's grid is one (it adds the texts of the offers).
 */
export interface PriceGrid {
  readonly vatRatePercent: number;
  readonly depositPercent: number;
  readonly monthlyMarkupPercent: number;
  readonly templates: Readonly<
    Record<
      TemplateKey,
      Pick<TemplatePricing, 'recapLabel' | 'landingLabel' | 'monthlyBaseHT' | 'launchFeeHT'>
    >
  >;
  readonly options: Readonly<
    Record<
      AdditionalOptionKey,
      { label: string; priceHT: number; period: 'once' | 'yearly' | 'monthly'; onlyForTemplate?: TemplateKey }
    >
  >;
  readonly logoContentPricesHT: Readonly<Record<'ai' | 'professional', number>>;
  readonly domainPricesHT: Readonly<Record<DomainExtension, number>>;
  /** A catalogue version's launch offers (none in the first grid). */
  readonly launchOffers?: readonly LaunchOfferTerms[];
}

/** The grid first sold: the catalogue's version 1 is seeded from it, and what prices when no version is given. */
export const FIRST_PRICE_GRID: PriceGrid = {
  vatRatePercent: VAT_RATE_PERCENT,
  depositPercent: DEPOSIT_PERCENT,
  monthlyMarkupPercent: MONTHLY_PLAN_MARKUP_PERCENT,
  templates: TEMPLATES,
  options: ADDITIONAL_OPTIONS,
  logoContentPricesHT: { ai: LOGO_CONTENT_PRICES_HT.ai, professional: LOGO_CONTENT_PRICES_HT.professional },
  domainPricesHT: DOMAIN_PRICES_HT_PER_YEAR,
};
