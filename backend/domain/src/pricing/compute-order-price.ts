import { z } from 'zod';
import { parseDomainName } from '../domains/domain-name.js';
import { formatEurosHT, formatEurosTTC } from './format-euros.js';
import {
  type LaunchOfferContext,
  type LaunchOfferTerms,
  chooseLaunchOffer,
  launchOfferReductionHT,
} from './launch-offer.js';
import {
  monthlyPlanAmountHT,
  roundDiv,
  splitDeposit as splitDepositAt,
  withVat as withVatAt,
} from './money.js';
import {
  ADDITIONAL_OPTION_KEYS,
  BILLING_PERIODS,
  CONTENT_OPTION_LABELS,
  FIRST_PRICE_GRID,
  HOSTING_TYPES,
  LOGO_CONTENT_OPTION_KEYS,
  LOGO_OPTION_LABELS,
  MONTHS_PER_YEAR,
  TEMPLATE_KEYS,
  type AdditionalOptionKey,
  type BillingPeriod,
  type LogoContentOption,
  type PriceGrid,
} from './pricing-grid.js';

const flag = z.boolean().nullish();
const logoContentOption = z.enum(LOGO_CONTENT_OPTION_KEYS).nullish();

// Loose objects: callers pass the wizard's form data as it is (dnsType, customEmails, ...); unpriced keys are ignored.
const orderPriceInputSchema = z.looseObject({
  template: z.enum(TEMPLATE_KEYS),
  billingPeriod: z.enum(BILLING_PERIODS),
  hostingOptions: z
    .looseObject({
      hostingType: z.enum(HOSTING_TYPES).nullish(),
      maintenanceMonthly: flag,
      dnsType: z.string().nullish(),
      newDomainName: z.string().nullish(),
      domainExtension: z.string().nullish(),
    })
    .nullish(),
  additionalOptions: z
    .looseObject(
      Object.fromEntries(ADDITIONAL_OPTION_KEYS.map((key) => [key, flag])) as Record<
        AdditionalOptionKey,
        typeof flag
      >,
    )
    .nullish(),
  logoOption: logoContentOption,
  contentOption: logoContentOption,
  // The spec calls with VAT always applicable in France; anything else is outside what this grid can price.
  vatApplicable: z.literal(true).nullish(),
  companyCountry: z.literal('FR').nullish(),
});

export type OrderPriceInput = z.input<typeof orderPriceInputSchema>;

export type PricedOptionKey = AdditionalOptionKey | 'logo' | 'content' | 'maintenanceMonthly' | 'domain';

/** One chosen paid option at its grid price. */
export interface PricedOption {
  key: PricedOptionKey;
  label: string;
  amountHT: number;
  /**
   * The period amountHT is for: additional options per year or once (the live training), the domain
   * per year, logo and content once. (Prices stored before: 'yearly' for logo, content and the live
   * training; 'monthly' for the maintenance, sold apart until it was included in the hosting.)
   */
  period: 'once' | 'yearly' | 'monthly';
}

/**
 * The price of an order, every amount in integer euro cents. HT = excluding VAT, "WithVat" = including it.
 * Invariants: totalAmount + vatAmount = totalWithVat; depositAmount + remainingAmount = totalAmount;
 * depositWithVat + remainingWithVat = totalWithVat.
 */
export interface OrderPriceResult {
  /** false when the input was refused: then every amount is 0 and displayText is 'Erreur de calcul'. */
  ok: boolean;
  /** The plan actually priced: 'yearly' when autonomous hosting overrode a monthly request. */
  billingPeriod: BillingPeriod;
  /** true when a monthly request was priced as yearly because hosting is autonomous. */
  yearlyForcedByAutonomousHosting: boolean;
  /** The template alone for one year, HT: 12 × its monthly base (the pricing page's yearly price). */
  basePrice: number;
  /** The template's launch fee from the grid, HT, whatever the plan (charged on the monthly plan only). */
  launchFees: number;
  /** Monthly total HT before any markup: (template + options + domain per year) / 12, one-off items excluded. */
  monthlySubscription: number;
  /**
   * HT amount the order commits to: yearly = the first year (the yearly items plus the one-off
   * items); monthly = the setup fees (no commitment beyond them).
   */
  totalAmount: number;
  /** HT first payment: yearly = 50% of the total; monthly = the setup fee. */
  depositAmount: number;
  /** HT payment due on delivery: yearly = the other 50%; monthly = 0. */
  remainingAmount: number;
  /** TTC first payment, charged at order. */
  depositWithVat: number;
  /** TTC payment due on delivery (yearly), 0 on the monthly plan. */
  remainingWithVat: number;
  /** HT charged once: logo and content creation, plus the launch fee on the monthly plan. */
  setupFeesAmount: number;
  /** HT recurring amount billed every calendar month on the monthly plan (monthly total + 30%), 0 on the yearly plan. */
  monthlyAmount: number;
  /** VAT on totalAmount. */
  vatAmount: number;
  /** TTC of totalAmount. */
  totalWithVat: number;
  /** TTC of monthlyAmount. */
  monthlyWithVat: number;
  /** French headline price, e.g. "348 € HT par an, soit 417,60 € TTC" (one-off items named apart). */
  displayText: string;
  /** French sentence of the payment rhythm, with TTC amounts. */
  formula: string;
  /** Chosen paid options, in grid order. */
  options: PricedOption[];
  /**
   * The launch offer taken off the first payment, when one applied (absent otherwise): the amounts
   * above are after it. Recorded with the price, so every later step reads the reduced amounts.
   */
  launchOffer?: AppliedLaunchOffer;
  /** Why the « Code promo » typed gives no reduction, in French (absent when none was typed or it applied). */
  launchOfferProblem?: string;
}

/** A launch offer as an order's price records it: which, its French label, and what it took off the first payment. */
export interface AppliedLaunchOffer {
  id: string;
  label: string;
  /** HT taken off the first payment. */
  reductionHT: number;
  /** What the first payment TTC went down by. */
  reductionWithVat: number;
}

const CALCULATION_ERROR: OrderPriceResult = {
  ok: false,
  billingPeriod: 'yearly',
  yearlyForcedByAutonomousHosting: false,
  basePrice: 0,
  launchFees: 0,
  monthlySubscription: 0,
  totalAmount: 0,
  depositAmount: 0,
  remainingAmount: 0,
  depositWithVat: 0,
  remainingWithVat: 0,
  setupFeesAmount: 0,
  monthlyAmount: 0,
  vatAmount: 0,
  totalWithVat: 0,
  monthlyWithVat: 0,
  displayText: 'Erreur de calcul',
  formula: '',
  options: [],
};

type ParsedInput = z.output<typeof orderPriceInputSchema>;

function chosenDomain(input: ParsedInput, grid: PriceGrid): PricedOption | null {
  const hosting = input.hostingOptions;
  const name = hosting?.newDomainName?.trim();
  if (!hosting || hosting.dnsType === 'existing' || !name) return null;
  // A name the registrar would refuse is not bought, so it is not charged either.
  const parsed = parseDomainName(`${name}${hosting.domainExtension ?? '.fr'}`);
  if ('error' in parsed) return null;
  return {
    key: 'domain',
    label: `Nom de domaine ${parsed.domain}`,
    amountHT: grid.domainPricesHT[parsed.extension],
    period: 'yearly',
  };
}

function chosenOptions(input: ParsedInput, grid: PriceGrid): PricedOption[] {
  const options: PricedOption[] = [];
  for (const key of ADDITIONAL_OPTION_KEYS) {
    const { label, priceHT, period, onlyForTemplate } = grid.options[key];
    // The wizard refuses E-commerce Pro on other templates; a forged request must not be charged for it either.
    if (input.additionalOptions?.[key] && (!onlyForTemplate || onlyForTemplate === input.template)) {
      options.push({ key, label, amountHT: priceHT, period });
    }
  }
  const logoContent = (key: 'logo' | 'content', choice: LogoContentOption | null | undefined) => {
    if (choice === 'ai' || choice === 'professional') {
      const label = (key === 'logo' ? LOGO_OPTION_LABELS : CONTENT_OPTION_LABELS)[choice];
      options.push({ key, label, amountHT: grid.logoContentPricesHT[choice], period: 'once' });
    }
  };
  logoContent('logo', input.logoOption);
  logoContent('content', input.contentOption);
  // Maintenance is included in the Coseso hosting (HOSTING_INCLUDES): `maintenanceMonthly`, still in
  // old drafts, is no longer priced. Prices recorded before keep their line.
  const domain = chosenDomain(input, grid);
  if (domain) options.push(domain);
  return options;
}

/** What the yearly and monthly items of a price add up to over one year, HT; one-off items excluded. */
export function yearlyItemsHT(basePrice: number, options: readonly PricedOption[]): number {
  return options.reduce((sum, option) => {
    if (option.period === 'monthly') return sum + MONTHS_PER_YEAR * option.amountHT;
    return option.period === 'yearly' ? sum + option.amountHT : sum;
  }, basePrice);
}

/** What the one-off items of a price add up to, HT (the launch fee is not an item). */
export function oneOffItemsHT(options: readonly PricedOption[]): number {
  return options.reduce((sum, option) => (option.period === 'once' ? sum + option.amountHT : sum), 0);
}

function priceOrder(input: ParsedInput, grid: PriceGrid, offer: LaunchOfferTerms | null): OrderPriceResult {
  const autonomous = input.hostingOptions?.hostingType === 'autonomous';
  const billingPeriod: BillingPeriod = autonomous ? 'yearly' : input.billingPeriod;
  const template = grid.templates[input.template];
  const options = chosenOptions(input, grid);
  const withVat = (amountHT: number) => withVatAt(amountHT, grid.vatRatePercent);
  const splitDeposit = (amount: number) => splitDepositAt(amount, grid.depositPercent);

  // The year is summed exactly and the month derived from it, so that 12 × (199 € / 12) stays 199,00 €.
  const basePrice = MONTHS_PER_YEAR * template.monthlyBaseHT;
  const yearlyTotal = yearlyItemsHT(basePrice, options);
  const oneOff = oneOffItemsHT(options);
  const common = {
    ok: true,
    billingPeriod,
    yearlyForcedByAutonomousHosting: autonomous && input.billingPeriod === 'monthly',
    basePrice,
    launchFees: template.launchFeeHT,
    monthlySubscription: roundDiv(yearlyTotal, MONTHS_PER_YEAR),
    options,
  };
  const oneOffText = (amount: number) =>
    amount > 0 ? ` + ${formatEurosHT(amount, { decimals: 'auto' })} une fois` : '';

  if (billingPeriod === 'yearly') {
    const listTotal = yearlyTotal + oneOff;
    const listTtc = splitDeposit(withVat(listTotal));
    // A launch offer comes off the deposit: the balance stays what the year's split made it.
    const reduction = offer ? launchOfferReductionHT(offer, splitDeposit(listTotal).deposit) : 0;
    const totalAmount = listTotal - reduction;
    const totalWithVat = withVat(totalAmount);
    const ht = {
      deposit: splitDeposit(listTotal).deposit - reduction,
      balance: splitDeposit(listTotal).balance,
    };
    const ttc = offer
      ? { deposit: totalWithVat - withVat(ht.balance), balance: withVat(ht.balance) }
      : splitDeposit(totalWithVat);
    return {
      ...common,
      ...(offer ? { launchOffer: applied(offer, reduction, listTtc.deposit - ttc.deposit) } : {}),
      totalAmount,
      depositAmount: ht.deposit,
      remainingAmount: ht.balance,
      depositWithVat: ttc.deposit,
      remainingWithVat: ttc.balance,
      setupFeesAmount: oneOff,
      monthlyAmount: 0,
      vatAmount: totalWithVat - totalAmount,
      totalWithVat,
      monthlyWithVat: 0,
      displayText:
        `${formatEurosHT(yearlyTotal, { decimals: 'auto' })} par an${oneOffText(oneOff)}, ` +
        `soit ${formatEurosTTC(totalWithVat, { decimals: 'auto' })}${oneOff > 0 ? ' la première année' : ''}`,
      formula: offer
        ? `${formatEurosTTC(ttc.deposit)} à la commande (offre « ${offer.label} » déduite), ${formatEurosTTC(ttc.balance)} à la livraison`
        : `${grid.depositPercent}\u00a0% à la commande (${formatEurosTTC(ttc.deposit)}), ${100 - grid.depositPercent}\u00a0% à la livraison (${formatEurosTTC(ttc.balance)})`,
    };
  }

  const listSetupFee = template.launchFeeHT + oneOff;
  const reduction = offer ? launchOfferReductionHT(offer, listSetupFee) : 0;
  const setupFee = listSetupFee - reduction;
  const setupFeeWithVat = withVat(setupFee);
  const monthlyAmount = monthlyPlanAmountHT(yearlyTotal, grid.monthlyMarkupPercent);
  const monthlyWithVat = withVat(monthlyAmount);
  return {
    ...common,
    ...(offer ? { launchOffer: applied(offer, reduction, withVat(listSetupFee) - setupFeeWithVat) } : {}),
    totalAmount: setupFee,
    depositAmount: setupFee,
    remainingAmount: 0,
    depositWithVat: setupFeeWithVat,
    remainingWithVat: 0,
    setupFeesAmount: setupFee,
    monthlyAmount,
    vatAmount: setupFeeWithVat - setupFee,
    totalWithVat: setupFeeWithVat,
    monthlyWithVat,
    displayText: `${formatEurosHT(monthlyAmount, { decimals: 'auto' })} par mois, soit ${formatEurosTTC(monthlyWithVat, { decimals: 'auto' })}`,
    formula: `Frais de mise en service de ${formatEurosTTC(setupFeeWithVat)}${offer ? ` (offre « ${offer.label} » déduite)` : ''}, puis ${formatEurosTTC(monthlyWithVat)}/mois sans engagement`,
  };
}

const applied = (offer: LaunchOfferTerms, reductionHT: number, reductionWithVat: number) => ({
  id: offer.id,
  label: offer.label,
  reductionHT,
  reductionWithVat,
});

/**
 * Prices an order from the wizard's choices, at a catalogue version's grid (the first one by default).
 * With `offers` (when the draft is priced, the code typed, the offers' uses), the grid's launch offer
 * that applies comes off the first payment (docs/adr/0138-a-launch-offer-is-taken-off-the-first-payment.md);
 * without, none does. Never throws: refused input gives the 'Erreur de calcul' zero result.
 */
export function computeOrderPrice(
  input: unknown,
  grid: PriceGrid = FIRST_PRICE_GRID,
  offers: LaunchOfferContext | null = null,
): OrderPriceResult {
  try {
    const parsed = orderPriceInputSchema.safeParse(input);
    if (!parsed.success) return { ...CALCULATION_ERROR, options: [] };
    const choice = offers ? chooseLaunchOffer(grid.launchOffers, offers) : null;
    const price = priceOrder(parsed.data, grid, choice?.offer ?? null);
    return choice?.problem ? { ...price, launchOfferProblem: choice.problem } : price;
  } catch {
    // The SPA recomputes on every change: a defect here must show 'Erreur de calcul', not break the recap.
    return { ...CALCULATION_ERROR, options: [] };
  }
}
