import { computeOrderPrice } from './compute-order-price.js';
import {
  LANDING_PRICE_CARDS,
  LANDING_SIMULATION,
  SUBSCRIPTION_OFFERS,
  YEARLY_OFFERS,
  offerPrice,
  cheapestMonthlyHT,
  subscriptionOffersAt,
  yearlyOffersAt,
  pricingPageChoice,
  pricingPageOrderBasePrice,
  pricingPageOrderTotal,
  simulateYearlyVsMonthly,
  type PricingPageSelection,
} from './pricing-plans.js';
import { parsePricingPageSelection } from './pricing-page-selection.js';
import * as grid from './pricing-grid.js';
import { BILLING_PERIODS, FIRST_PRICE_GRID, type PriceGrid, TEMPLATE_KEYS } from './pricing-grid.js';

/*
 * The spec has three grids that disagree: the landing's (annual 324/588/588/936, monthly
 * round(annual × 1.3 / 12)), the pricing page's (one-off 348/588/588/948 with "ou 3x"; plans
 * Starter 29 €/month without set-up fee, Business 49 € + 99 €, Premium 79 € + 199 €, −15 % for an
 * annual commitment) and the wizard's (monthly bases 29/49/49/79, yearly = 12 ×, monthly plan
 * = yearly × 1.3 / 12 plus the launch fee 79/99/99/149).
 *
 * We sell the wizard's grid only, because it is the one the server charges: every figure of the
 * landing and of the pricing page is computeOrderPrice of a template without options. The pricing
 * page's plans are templates on the monthly plan (Starter = Site Vitrine, Business = Business,
 * Premium = E-commerce) and show that plan's figures. What the wizard cannot sell is not shown:
 * no "ou 3x", no annual commitment at −15 %, no 24-month total.
 */
describe("one grid: the wizard's", () => {
  it("prices the yearly tab as the wizard's yearly plan of each template", () => {
    expect(YEARLY_OFFERS).toEqual([
      {
        template: 'onepage',
        label: 'Site Vitrine',
        priceHT: 34_800,
        priceWithVat: 41_760,
        depositWithVat: 20_880,
        remainingWithVat: 20_880,
      },
      {
        template: 'portfolio',
        label: 'Portfolio',
        priceHT: 58_800,
        priceWithVat: 70_560,
        depositWithVat: 35_280,
        remainingWithVat: 35_280,
      },
      {
        template: 'business',
        label: 'Business',
        priceHT: 58_800,
        priceWithVat: 70_560,
        depositWithVat: 35_280,
        remainingWithVat: 35_280,
      },
      {
        template: 'ecommerce',
        label: 'E-commerce',
        priceHT: 94_800,
        priceWithVat: 113_760,
        depositWithVat: 56_880,
        remainingWithVat: 56_880,
      },
    ]);
  });

  it("prices each subscription plan as its template's monthly plan (not the spec's plan grid)", () => {
    expect(SUBSCRIPTION_OFFERS).toEqual([
      {
        plan: 'starter',
        label: 'Starter',
        template: 'onepage',
        templateLabel: 'Site Vitrine',
        popular: false,
        monthlyHT: 3_770,
        monthlyWithVat: 4_524,
        setupFeeHT: 7_900,
        setupFeeWithVat: 9_480,
        totalOver12MonthsHT: 53_140,
      },
      {
        plan: 'business',
        label: 'Business',
        template: 'business',
        templateLabel: 'Business',
        popular: true,
        monthlyHT: 6_370,
        monthlyWithVat: 7_644,
        setupFeeHT: 9_900,
        setupFeeWithVat: 11_880,
        totalOver12MonthsHT: 86_340,
      },
      {
        plan: 'premium',
        label: 'Premium',
        template: 'ecommerce',
        templateLabel: 'E-commerce',
        popular: false,
        monthlyHT: 10_270,
        monthlyWithVat: 12_324,
        setupFeeHT: 14_900,
        setupFeeWithVat: 17_880,
        totalOver12MonthsHT: 138_140,
      },
    ]);
  });

  it('sells nothing the wizard cannot: no instalments, no yearly discount', () => {
    expect(Object.keys(grid)).not.toContain('INSTALMENT_COUNT');
    expect(Object.keys(grid)).not.toContain('YEARLY_DISCOUNT_PERCENT');
    expect(
      parsePricingPageSelection({
        planType: 'subscription',
        subscriptionPlan: 'business',
        billingCycle: 'yearly',
      }),
    ).toBeNull();
  });
});

describe('offerPrice', () => {
  test.each(
    TEMPLATE_KEYS.flatMap((template) => BILLING_PERIODS.map((rhythm) => [template, rhythm] as const)),
  )('%s on the %s plan is what computeOrderPrice charges for it', (template, billingPeriod) => {
    const charged = computeOrderPrice({
      template,
      billingPeriod,
      hostingOptions: { hostingType: 'included' },
    });
    expect(charged.ok).toBe(true);
    expect(offerPrice(template, billingPeriod)).toEqual({
      totalAmount: charged.totalAmount,
      totalWithVat: charged.totalWithVat,
      depositWithVat: charged.depositWithVat,
      remainingWithVat: charged.remainingWithVat,
      setupFeesAmount: charged.setupFeesAmount,
      monthlyAmount: charged.monthlyAmount,
      monthlyWithVat: charged.monthlyWithVat,
    });
  });
});

describe('offerPrice at a later catalogue version', () => {
  // Every price and rate of the grid moved, as a version may one day move them.
  const later: PriceGrid = {
    ...FIRST_PRICE_GRID,
    vatRatePercent: 10,
    depositPercent: 40,
    monthlyMarkupPercent: 25,
    templates: {
      ...FIRST_PRICE_GRID.templates,
      onepage: { ...FIRST_PRICE_GRID.templates.onepage, monthlyBaseHT: 3_250, launchFeeHT: 9_900 },
    },
  };
  test.each(
    TEMPLATE_KEYS.flatMap((template) => BILLING_PERIODS.map((rhythm) => [template, rhythm] as const)),
  )('%s on the %s plan is what computeOrderPrice charges for it at that grid', (template, billingPeriod) => {
    const charged = computeOrderPrice(
      { template, billingPeriod, hostingOptions: { hostingType: 'included' } },
      later,
    );
    expect(charged.ok).toBe(true);
    expect(offerPrice(template, billingPeriod, later)).toEqual({
      totalAmount: charged.totalAmount,
      totalWithVat: charged.totalWithVat,
      depositWithVat: charged.depositWithVat,
      remainingWithVat: charged.remainingWithVat,
      setupFeesAmount: charged.setupFeesAmount,
      monthlyAmount: charged.monthlyAmount,
      monthlyWithVat: charged.monthlyWithVat,
    });
  });

  it('makes /pricing’s offers and the wizard’s « à partir de » of that grid', () => {
    expect(yearlyOffersAt(later)[0]).toMatchObject({
      template: 'onepage',
      priceHT: 39_000,
      priceWithVat: 42_900,
    });
    expect(subscriptionOffersAt(later).find((o) => o.plan === 'starter')).toMatchObject({
      monthlyHT: 4_063,
      setupFeeHT: 9_900,
    });
    expect(cheapestMonthlyHT(later)).toBe(4_063);
    expect(yearlyOffersAt()).toEqual(YEARLY_OFFERS);
    expect(subscriptionOffersAt()).toEqual(SUBSCRIPTION_OFFERS);
    expect(cheapestMonthlyHT()).toBe(3_770);
  });
});

describe('pricing page: an order started from it', () => {
  test.each<[PricingPageSelection, string, string, number, number]>([
    [{ planType: 'one-time', selectedTemplate: 'onepage' }, 'onepage', 'yearly', 34_800, 34_800],
    [{ planType: 'one-time', selectedTemplate: 'portfolio' }, 'portfolio', 'yearly', 58_800, 58_800],
    [{ planType: 'one-time', selectedTemplate: 'business' }, 'business', 'yearly', 58_800, 58_800],
    [{ planType: 'one-time', selectedTemplate: 'ecommerce' }, 'ecommerce', 'yearly', 94_800, 94_800],
    [
      { planType: 'subscription', subscriptionPlan: 'starter', billingCycle: 'monthly' },
      'onepage',
      'monthly',
      7_900,
      34_800,
    ],
    [
      { planType: 'subscription', subscriptionPlan: 'business', billingCycle: 'monthly' },
      'business',
      'monthly',
      9_900,
      58_800,
    ],
    [
      { planType: 'subscription', subscriptionPlan: 'premium', billingCycle: 'monthly' },
      'ecommerce',
      'monthly',
      14_900,
      94_800,
    ],
  ])(
    '%o preselects %s on the %s plan: totalAmount %i HT, basePrice %i HT',
    (selection, template, rhythm, total, basePrice) => {
      expect(pricingPageChoice(selection)).toEqual({ template, billingPeriod: rhythm });
      expect(pricingPageOrderTotal(selection)).toBe(total);
      expect(pricingPageOrderBasePrice(selection)).toBe(basePrice);
      // The amounts are those the wizard's recap starts from for the same choice.
      const recap = computeOrderPrice({
        template,
        billingPeriod: rhythm,
        hostingOptions: { hostingType: 'included' },
      });
      expect(recap).toMatchObject({ totalAmount: total, basePrice });
    },
  );

  it("parses the browser's payload and ignores the amounts it sends", () => {
    const body = {
      planType: 'subscription',
      subscriptionPlan: 'premium',
      selectedTemplate: 'business',
      billingCycle: 'monthly',
      totalAmount: 1,
      basePrice: 1,
    };
    const selection = parsePricingPageSelection(body);
    expect(selection).not.toBeNull();
    expect(pricingPageOrderTotal(selection!)).toBe(14_900);
    expect(
      pricingPageOrderTotal(
        parsePricingPageSelection({
          planType: 'one-time',
          selectedTemplate: 'onepage',
          subscriptionPlan: null,
        })!,
      ),
    ).toBe(34_800);
  });

  test.each([
    null,
    {},
    { planType: 'one-time', selectedTemplate: 'landing' },
    { planType: 'one-time' },
    { planType: 'subscription', subscriptionPlan: 'gold', billingCycle: 'monthly' },
    { planType: 'subscription', subscriptionPlan: 'starter', billingCycle: null },
    { planType: 'lifetime', selectedTemplate: 'onepage' },
  ])('refuses %o', (body) => {
    expect(parsePricingPageSelection(body)).toBeNull();
  });
});

describe('landing page', () => {
  it('shows one card per template with the amounts the wizard charges, to the cent', () => {
    expect(LANDING_PRICE_CARDS).toEqual([
      {
        template: 'onepage',
        label: 'Site Vitrine',
        annualHT: 34_800,
        monthlyHT: 3_770,
        setupFeeHT: 7_900,
        popular: false,
      },
      {
        template: 'portfolio',
        label: 'Portfolio',
        annualHT: 58_800,
        monthlyHT: 6_370,
        setupFeeHT: 9_900,
        popular: false,
      },
      {
        template: 'business',
        label: 'Business',
        annualHT: 58_800,
        monthlyHT: 6_370,
        setupFeeHT: 9_900,
        popular: true,
      },
      {
        template: 'ecommerce',
        label: 'E-commerce',
        annualHT: 94_800,
        monthlyHT: 10_270,
        setupFeeHT: 14_900,
        popular: false,
      },
    ]);
    for (const card of LANDING_PRICE_CARDS) {
      expect(card.monthlyHT).toBe(offerPrice(card.template, 'monthly').monthlyAmount);
    }
  });

  it("reproduces every figure of the spec's simulation from its 324 € base: the formulas agree, only the base differs", () => {
    expect(simulateYearlyVsMonthly(32_400, 7_900)).toEqual({
      yearly: { totalHT: 32_400, totalTTC: 38_880, depositTTC: 19_440, balanceTTC: 19_440 },
      monthly: {
        setupFeeHT: 7_900,
        setupFeeTTC: 9_480,
        monthlyHT: 3_510,
        monthlyTTC: 4_212,
        totalHT: 50_020,
        totalTTC: 60_024,
      },
      savingTTC: 21_144,
      savingPercent: 35,
    });
  });

  it('simulates the Landing template from the grid (348 € per year, from the one grid)', () => {
    expect(LANDING_SIMULATION).toEqual({
      template: 'onepage',
      label: 'Site Vitrine',
      yearly: { totalHT: 34_800, totalTTC: 41_760, depositTTC: 20_880, balanceTTC: 20_880 },
      monthly: {
        setupFeeHT: 7_900,
        setupFeeTTC: 9_480,
        monthlyHT: 3_770,
        monthlyTTC: 4_524,
        totalHT: 53_140,
        totalTTC: 63_768,
      },
      savingTTC: 22_008,
      // 34.51 %, rounded; the spec's other text says 30 %, which is the markup, not the saving.
      savingPercent: 35,
    });
  });

  it('agrees with what the wizard charges for the same site', () => {
    const site = { template: 'onepage', hostingOptions: { hostingType: 'included' }, additionalOptions: {} };
    const yearly = computeOrderPrice({ ...site, billingPeriod: 'yearly' });
    const monthly = computeOrderPrice({ ...site, billingPeriod: 'monthly' });
    expect(LANDING_SIMULATION.yearly).toEqual({
      totalHT: yearly.totalAmount,
      totalTTC: yearly.totalWithVat,
      depositTTC: yearly.depositWithVat,
      balanceTTC: yearly.remainingWithVat,
    });
    expect(LANDING_SIMULATION.monthly).toMatchObject({
      setupFeeHT: monthly.setupFeesAmount,
      setupFeeTTC: monthly.depositWithVat,
      monthlyHT: monthly.monthlyAmount,
      monthlyTTC: monthly.monthlyWithVat,
    });
  });
});
