import { monthlyPlanAmountHT, roundDiv, splitDeposit, withVat } from './money.js';
import { type PricingPageSelection } from './pricing-page-selection.js';
import {
  INSTALMENT_COUNT,
  MONTHLY_PLAN_MARKUP_PERCENT,
  MONTHS_PER_YEAR,
  POPULAR_TEMPLATE,
  SUBSCRIPTION_PLAN_KEYS,
  SUBSCRIPTION_PLANS,
  TEMPLATE_KEYS,
  TEMPLATES,
  YEARLY_DISCOUNT_PERCENT,
  type BillingPeriod,
  type SubscriptionPlanKey,
  type TemplateKey,
} from './pricing-grid.js';

export type { PricingPageSelection };

// Grids shown to visitors are in whole euros; amounts stay in cents like everywhere else.
const EURO = 100;

function roundToEuro(numerator: number, denominator: number): number {
  return roundDiv(numerator, denominator * EURO) * EURO;
}

/** One-off price HT of a template: 12 × its monthly base (one grid: docs/decisions.md, 5). */
export function oneTimePriceHT(template: TemplateKey): number {
  return MONTHS_PER_YEAR * TEMPLATES[template].monthlyBaseHT;
}

/** "ou 3x": price / 3 rounded to the euro, no fees. */
export function perInstalmentHT(priceHT: number): number {
  return roundToEuro(priceHT, INSTALMENT_COUNT);
}

/** Price per month of a subscription plan on the Annuel toggle: monthly price − 15%, rounded to the euro. */
export function yearlyMonthlyEquivalentHT(monthlyPriceHT: number): number {
  return roundToEuro(monthlyPriceHT * (100 - YEARLY_DISCOUNT_PERCENT), 100);
}

export const YEARLY_DISCOUNT_BADGE = `-${YEARLY_DISCOUNT_PERCENT}%`;

export interface OneTimeOffer {
  template: TemplateKey;
  label: string;
  priceHT: number;
  /** The "ou 3x" figure. */
  perInstalmentHT: number;
}

export const ONE_TIME_OFFERS: OneTimeOffer[] = TEMPLATE_KEYS.map((template) => ({
  template,
  label: TEMPLATES[template].recapLabel,
  priceHT: oneTimePriceHT(template),
  perInstalmentHT: perInstalmentHT(oneTimePriceHT(template)),
}));

export interface PlanPriceForCycle {
  pricePerMonthHT: number;
  /** pricePerMonthHT × 12 + setup fee. */
  totalOver12MonthsHT: number;
  /** pricePerMonthHT × 24 + setup fee (the longer term). */
  totalOver24MonthsHT: number;
}

export interface SubscriptionPlanOffer {
  plan: SubscriptionPlanKey;
  label: string;
  popular: boolean;
  setupFeeHT: number;
  /** The Mensuel / Annuel toggle of the pricing page. */
  cycles: Record<BillingPeriod, PlanPriceForCycle>;
}

function priceForCycle(pricePerMonthHT: number, setupFeeHT: number): PlanPriceForCycle {
  return {
    pricePerMonthHT,
    totalOver12MonthsHT: 12 * pricePerMonthHT + setupFeeHT,
    totalOver24MonthsHT: 24 * pricePerMonthHT + setupFeeHT,
  };
}

export const SUBSCRIPTION_OFFERS: SubscriptionPlanOffer[] = SUBSCRIPTION_PLAN_KEYS.map((plan) => {
  const { label, popular, monthlyPriceHT, setupFeeHT } = SUBSCRIPTION_PLANS[plan];
  return {
    plan,
    label,
    popular,
    setupFeeHT,
    cycles: {
      monthly: priceForCycle(monthlyPriceHT, setupFeeHT),
      yearly: priceForCycle(yearlyMonthlyEquivalentHT(monthlyPriceHT), setupFeeHT),
    },
  };
});

/** totalAmount of an order started from /pricing: the one-off price, or the plan's setup fee. */
export function pricingPageOrderTotal(selection: PricingPageSelection): number {
  return selection.planType === 'one-time'
    ? oneTimePriceHT(selection.selectedTemplate)
    : SUBSCRIPTION_PLANS[selection.subscriptionPlan].setupFeeHT;
}

/** basePrice of an order started from /pricing: the one-off price, or the plan's price per month for its cycle. */
export function pricingPageOrderBasePrice(selection: PricingPageSelection): number {
  if (selection.planType === 'one-time') return oneTimePriceHT(selection.selectedTemplate);
  const { monthlyPriceHT } = SUBSCRIPTION_PLANS[selection.subscriptionPlan];
  return selection.billingCycle === 'yearly' ? yearlyMonthlyEquivalentHT(monthlyPriceHT) : monthlyPriceHT;
}

/** The landing page's "per month" figure: round(annual × 1.3 / 12) to the euro. */
export function landingDisplayedMonthlyHT(annualHT: number): number {
  return roundToEuro(annualHT * (100 + MONTHLY_PLAN_MARKUP_PERCENT), MONTHS_PER_YEAR * 100);
}

export interface LandingPriceCard {
  template: TemplateKey;
  label: string;
  annualHT: number;
  displayedMonthlyHT: number;
  /** Charged on the monthly plan only. */
  setupFeeHT: number;
  popular: boolean;
}

export const LANDING_PRICE_CARDS: LandingPriceCard[] = TEMPLATE_KEYS.map((template) => ({
  template,
  label: TEMPLATES[template].landingLabel,
  annualHT: oneTimePriceHT(template),
  displayedMonthlyHT: landingDisplayedMonthlyHT(oneTimePriceHT(template)),
  setupFeeHT: TEMPLATES[template].launchFeeHT,
  popular: template === POPULAR_TEMPLATE,
}));

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
    oneTimePriceHT(LANDING_SIMULATION_TEMPLATE),
    TEMPLATES[LANDING_SIMULATION_TEMPLATE].launchFeeHT,
  ),
};
