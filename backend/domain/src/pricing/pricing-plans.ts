import { monthlyPlanAmountHT, roundDiv, splitDeposit, withVat } from './money.js';
import { type PricingPageSelection } from './pricing-page-selection.js';
import {
  MONTHS_PER_YEAR,
  POPULAR_TEMPLATE,
  SUBSCRIPTION_PLAN_KEYS,
  SUBSCRIPTION_PLANS,
  TEMPLATE_KEYS,
  TEMPLATES,
  type BillingPeriod,
  type PriceGrid,
  type SubscriptionPlanKey,
  type TemplateKey,
} from './pricing-grid.js';

export type { PricingPageSelection };

/** The amounts of an offer: a template on a rhythm without any option, HT unless named WithVat. */
export interface OfferPrice {
  totalAmount: number;
  totalWithVat: number;
  depositWithVat: number;
  remainingWithVat: number;
  setupFeesAmount: number;
  monthlyAmount: number;
  monthlyWithVat: number;
}

/** What an offer's amounts depend on: a catalogue version's grid (the first one's constants when none is given). */
export type OfferGrid = Pick<
  PriceGrid,
  'vatRatePercent' | 'depositPercent' | 'monthlyMarkupPercent' | 'templates'
>;

/**
 * What every offer shown to visitors (landing, pricing page, template cards) advertises: the same
 * arithmetic as computeOrderPrice for a template without options (a unit test holds them equal),
 * without its input validation, which would weigh on the landing page's first load. At `grid`, a
 * catalogue version's (/pricing, the wizard and the back-office's preview), or at the first grid.
 */
export function offerPrice(
  template: TemplateKey,
  billingPeriod: BillingPeriod,
  grid?: OfferGrid,
): OfferPrice {
  const vat = grid?.vatRatePercent;
  const yearly = yearlyPriceHT(template, grid);
  if (billingPeriod === 'yearly') {
    const totalWithVat = withVat(yearly, vat);
    const { deposit, balance } = splitDeposit(totalWithVat, grid?.depositPercent);
    return {
      totalAmount: yearly,
      totalWithVat,
      depositWithVat: deposit,
      remainingWithVat: balance,
      setupFeesAmount: 0,
      monthlyAmount: 0,
      monthlyWithVat: 0,
    };
  }
  const setupFee = (grid?.templates ?? TEMPLATES)[template].launchFeeHT;
  const monthlyAmount = monthlyPlanAmountHT(yearly, grid?.monthlyMarkupPercent);
  return {
    totalAmount: setupFee,
    totalWithVat: withVat(setupFee, vat),
    depositWithVat: withVat(setupFee, vat),
    remainingWithVat: 0,
    setupFeesAmount: setupFee,
    monthlyAmount,
    monthlyWithVat: withVat(monthlyAmount, vat),
  };
}

/** Yearly price HT of a template: 12 × its monthly base (at `grid`, or at the first grid). */
export function yearlyPriceHT(template: TemplateKey, grid?: Pick<OfferGrid, 'templates'>): number {
  return MONTHS_PER_YEAR * (grid?.templates ?? TEMPLATES)[template].monthlyBaseHT;
}

/** The "Paiement annuel" tab of the pricing page: each template on the yearly plan. */
export interface YearlyOffer {
  template: TemplateKey;
  label: string;
  priceHT: number;
  priceWithVat: number;
  depositWithVat: number;
  remainingWithVat: number;
}

/** The yearly offers at a catalogue version's grid (or at the first grid). */
export const yearlyOffersAt = (grid?: OfferGrid): YearlyOffer[] =>
  TEMPLATE_KEYS.map((template) => {
    const price = offerPrice(template, 'yearly', grid);
    return {
      template,
      label: (grid?.templates ?? TEMPLATES)[template].recapLabel,
      priceHT: price.totalAmount,
      priceWithVat: price.totalWithVat,
      depositWithVat: price.depositWithVat,
      remainingWithVat: price.remainingWithVat,
    };
  });

export const YEARLY_OFFERS: YearlyOffer[] = yearlyOffersAt();

/** The "Abonnement mensuel" tab: each plan is its template on the monthly plan. */
export interface SubscriptionPlanOffer {
  plan: SubscriptionPlanKey;
  label: string;
  template: TemplateKey;
  templateLabel: string;
  popular: boolean;
  monthlyHT: number;
  monthlyWithVat: number;
  setupFeeHT: number;
  setupFeeWithVat: number;
  /** The setup fee and the first twelve months, HT. */
  totalOver12MonthsHT: number;
}

/** The monthly plans at a catalogue version's grid (or at the first grid). */
export const subscriptionOffersAt = (grid?: OfferGrid): SubscriptionPlanOffer[] =>
  SUBSCRIPTION_PLAN_KEYS.map((plan) => {
    const { label, popular, template } = SUBSCRIPTION_PLANS[plan];
    const price = offerPrice(template, 'monthly', grid);
    return {
      plan,
      label,
      template,
      templateLabel: (grid?.templates ?? TEMPLATES)[template].recapLabel,
      popular,
      monthlyHT: price.monthlyAmount,
      monthlyWithVat: price.monthlyWithVat,
      setupFeeHT: price.setupFeesAmount,
      setupFeeWithVat: price.depositWithVat,
      totalOver12MonthsHT: price.setupFeesAmount + MONTHS_PER_YEAR * price.monthlyAmount,
    };
  });

export const SUBSCRIPTION_OFFERS: SubscriptionPlanOffer[] = subscriptionOffersAt();

/** The cheapest monthly plan as it is charged at a grid: the wizard's « à partir de » of step 3. */
export const cheapestMonthlyHT = (grid?: OfferGrid): number =>
  Math.min(...TEMPLATE_KEYS.map((template) => offerPrice(template, 'monthly', grid).monthlyAmount));

/** What an order started from the pricing page is: a template on a rhythm, as the wizard will preselect them. */
export function pricingPageChoice(selection: PricingPageSelection): {
  template: TemplateKey;
  billingPeriod: BillingPeriod;
} {
  return selection.planType === 'one-time'
    ? { template: selection.selectedTemplate, billingPeriod: 'yearly' }
    : { template: SUBSCRIPTION_PLANS[selection.subscriptionPlan].template, billingPeriod: 'monthly' };
}

/** totalAmount (HT) of an order started from /pricing: what the wizard's recap starts from, at `grid` (the version in force). */
export function pricingPageOrderTotal(selection: PricingPageSelection, grid?: OfferGrid): number {
  const { template, billingPeriod } = pricingPageChoice(selection);
  return offerPrice(template, billingPeriod, grid).totalAmount;
}

/** basePrice (HT) of an order started from /pricing: its template for one year, at `grid` (the version in force). */
export function pricingPageOrderBasePrice(selection: PricingPageSelection, grid?: OfferGrid): number {
  return yearlyPriceHT(pricingPageChoice(selection).template, grid);
}

export interface LandingPriceCard {
  template: TemplateKey;
  label: string;
  annualHT: number;
  /** The monthly plan's amount, to the cent, as it is charged. */
  monthlyHT: number;
  /** Charged once, on the monthly plan only. */
  setupFeeHT: number;
  popular: boolean;
}

export const LANDING_PRICE_CARDS: LandingPriceCard[] = TEMPLATE_KEYS.map((template) => {
  const monthly = offerPrice(template, 'monthly');
  return {
    template,
    label: TEMPLATES[template].landingLabel,
    annualHT: offerPrice(template, 'yearly').totalAmount,
    monthlyHT: monthly.monthlyAmount,
    setupFeeHT: monthly.setupFeesAmount,
    popular: template === POPULAR_TEMPLATE,
  };
});

export interface YearlyVsMonthlySimulation {
  yearly: { totalHT: number; totalTTC: number; depositTTC: number; balanceTTC: number };
  /** First twelve months of the monthly plan: setup fee then 12 monthly payments. */
  monthly: {
    setupFeeHT: number;
    setupFeeTTC: number;
    monthlyHT: number;
    monthlyTTC: number;
    totalHT: number;
    totalTTC: number;
  };
  /** What the yearly plan saves over the monthly plan's first twelve months, TTC. */
  savingTTC: number;
  /** savingTTC as a whole percent of the monthly plan's twelve-month TTC total. */
  savingPercent: number;
}

/** The same arithmetic as computeOrderPrice for a site without options, over one year. */
export function simulateYearlyVsMonthly(annualHT: number, setupFeeHT: number): YearlyVsMonthlySimulation {
  const totalTTC = withVat(annualHT);
  const { deposit, balance } = splitDeposit(totalTTC);
  const monthlyHT = monthlyPlanAmountHT(annualHT);
  const monthly = {
    setupFeeHT,
    setupFeeTTC: withVat(setupFeeHT),
    monthlyHT,
    monthlyTTC: withVat(monthlyHT),
    totalHT: setupFeeHT + MONTHS_PER_YEAR * monthlyHT,
    totalTTC: withVat(setupFeeHT) + MONTHS_PER_YEAR * withVat(monthlyHT),
  };
  const savingTTC = monthly.totalTTC - totalTTC;
  return {
    yearly: { totalHT: annualHT, totalTTC, depositTTC: deposit, balanceTTC: balance },
    monthly,
    savingTTC,
    savingPercent: roundDiv(savingTTC * 100, monthly.totalTTC),
  };
}

const LANDING_SIMULATION_TEMPLATE: TemplateKey = 'onepage';

/** The landing page's simulation table, for its Landing (onepage) template. */
export const LANDING_SIMULATION = {
  template: LANDING_SIMULATION_TEMPLATE,
  label: TEMPLATES[LANDING_SIMULATION_TEMPLATE].landingLabel,
  ...simulateYearlyVsMonthly(
    yearlyPriceHT(LANDING_SIMULATION_TEMPLATE),
    TEMPLATES[LANDING_SIMULATION_TEMPLATE].launchFeeHT,
  ),
};
