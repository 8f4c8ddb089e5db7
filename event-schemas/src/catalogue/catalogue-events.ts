import { z } from 'zod';
import { additionalOptionKeys, domainExtensions, templateKeys } from '../order/order-keys.js';

// The agency's catalogue (`catalogue`, one stream): each published version of the grid, numbered from
// 1, with what changed, why, and from when it applies. A version carries the whole grid it makes, so
// an order priced at version N is priced again the same way for as long as the log lasts.

const cents = z.int().min(0).max(100_000_000).meta({ description: 'Euro cents, excluding VAT (HT)' });
const percent = z.int().min(0).max(100);
const text = z.string().min(1).max(200);
const optionPeriod = z.enum(['once', 'yearly', 'monthly']);
const paidLogoContent = z.enum(['ai', 'professional']);

const templateSchema = z.strictObject({
  recapLabel: text.meta({ description: 'Name in the wizard and its recap' }),
  landingLabel: text.meta({ description: "Name on the landing page's price cards" }),
  monthlyBaseHT: cents.meta({ description: 'The monthly base: the yearly price is 12 times it' }),
  launchFeeHT: cents.meta({ description: 'Charged once, at order, on the monthly plan only' }),
  features: z.array(text).max(20).meta({ description: "What /pricing's card lists for the template" }),
});

const optionSchema = z.strictObject({
  label: text,
  priceHT: cents,
  period: optionPeriod.meta({ description: 'The rhythm the price is for: once, per year or per month' }),
  onlyForTemplate: z.enum(templateKeys).optional(),
});

const gridV1Shape = {
  vatRatePercent: percent,
  depositPercent: percent.meta({ description: 'Share of a yearly order paid at order' }),
  monthlyMarkupPercent: percent.meta({ description: 'Added to the monthly plan over the yearly one' }),
  templates: z.strictObject(
    Object.fromEntries(templateKeys.map((key) => [key, templateSchema])) as Record<
      (typeof templateKeys)[number],
      typeof templateSchema
    >,
  ),
  options: z.strictObject(
    Object.fromEntries(additionalOptionKeys.map((key) => [key, optionSchema])) as Record<
      (typeof additionalOptionKeys)[number],
      typeof optionSchema
    >,
  ),
  logoContentPricesHT: z.strictObject({ ai: cents, professional: cents }),
  domainPricesHT: z.strictObject(
    Object.fromEntries(domainExtensions.map((key) => [key, cents])) as Record<
      (typeof domainExtensions)[number],
      typeof cents
    >,
  ),
  hostingIncludes: z.array(text).min(1).max(20).meta({ description: 'What the Coseso hosting includes' }),
};

const gridV2Shape = {
  ...gridV1Shape,
  accountManager: z
    .strictObject({ label: text, yearlyPriceHT: cents })
    .meta({ description: 'The dedicated account manager, added to a paid order for one year, paid at once' }),
  expressCreationFromMonthlyHT: cents.meta({
    description:
      "« Solution Express » (a site made by AI, not yet sold): the wizard's « à partir de » per month",
  }),
  externalHostFromMonthlyHT: cents.meta({
    description:
      'The external host recommended to a client hosting the site: from this much per month, not sold by us',
  }),
};

const instant = z.iso.datetime();

/**
 * A launch offer: a reduction taken off an order's first payment (the deposit of a yearly order,
 * the set-up fee of a monthly one), for the drafts priced within [startsAt, endsAt), for the first
 * `maxOrders` orders whose first payment used it, with `code` when it needs one
 * (docs/adr/0138-a-launch-offer-is-taken-off-the-first-payment.md).
 */
export const launchOfferSchema = z.strictObject({
  id: z.string().min(1).max(60).meta({ description: 'Chosen once, never reused: the orders record it' }),
  label: text.meta({ description: 'French name, shown on the recap, the invoice and the contract' }),
  reduction: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('percent'), percent: z.int().min(1).max(100) }),
    z.strictObject({ kind: z.literal('amount'), amountHT: cents.min(1) }),
  ]),
  startsAt: instant.meta({ description: 'Drafts priced from this instant get it (UTC)' }),
  endsAt: instant.meta({ description: 'Drafts priced from this instant no longer get it (UTC)' }),
  maxOrders: z.int().min(1).max(1_000_000).optional().meta({
    description: 'At most this many orders whose first payment used it; unlimited when absent',
  }),
  code: z.string().min(1).max(40).optional().meta({
    description: 'The code the visitor types (« Code promo »); applied to every draft when absent',
  }),
});

/** The whole grid a version makes: every price and every text that prices or describes an offer. */
export const catalogueGridSchema = z.strictObject({
  ...gridV2Shape,
  launchOffers: z.array(launchOfferSchema).max(50).meta({
    description: 'The launch offers, ended ones included (their history); none before version 3 of the event',
  }),
});

const changesOfVersionTwo = [
  z.strictObject({
    kind: z.literal('templatePrice'),
    template: z.enum(templateKeys),
    monthlyBaseHT: cents.optional(),
    launchFeeHT: cents.optional(),
  }),
  z.strictObject({
    kind: z.literal('templateText'),
    template: z.enum(templateKeys),
    recapLabel: text.optional(),
    landingLabel: text.optional(),
    features: z.array(text).max(20).optional(),
  }),
  z.strictObject({
    kind: z.literal('option'),
    option: z.enum(additionalOptionKeys),
    label: text.optional(),
    priceHT: cents.optional(),
    period: optionPeriod.optional(),
  }),
  z.strictObject({ kind: z.literal('logoContentPrice'), choice: paidLogoContent, priceHT: cents }),
  z.strictObject({ kind: z.literal('domainPrice'), extension: z.enum(domainExtensions), priceHT: cents }),
  z.strictObject({ kind: z.literal('hostingIncludes'), items: z.array(text).min(1).max(20) }),
  z.strictObject({ kind: z.literal('vatRate'), percent }),
  z.strictObject({ kind: z.literal('depositShare'), percent }),
  z.strictObject({ kind: z.literal('monthlyMarkup'), percent }),
] as const;

/** One change of a version, as the back-office made it (what the history and a diff show). */
export const catalogueChangeSchema = z.discriminatedUnion('kind', [
  ...changesOfVersionTwo,
  z.strictObject({ kind: z.literal('addLaunchOffer'), offer: launchOfferSchema }),
  z.strictObject({
    kind: z.literal('endLaunchOffer'),
    id: z.string().min(1).max(60),
    endsAt: instant.optional().meta({ description: "The version's effective date when absent" }),
  }),
]);

const publishedMeaning =
  'A numbered version of the catalogue was published: the whole grid it makes, the changes from the version before, why, and from when it prices new orders. Orders already priced keep the version they were priced at.';
const publishedBy =
  'admin (« Catalogue » in the back-office), or the system for version 1 (the grid first sold)';
const publishedData = <G extends z.ZodType, C extends z.ZodType>(grid: G, change: C) =>
  z.strictObject({
    version: z.int().min(1),
    effectiveFrom: z.iso.datetime().meta({ description: 'When the version starts pricing new drafts (UTC)' }),
    reason: z.string().min(1).max(2000),
    changes: z.array(change).max(200),
    grid,
  });
const changeOfVersionTwo = z.discriminatedUnion('kind', [...changesOfVersionTwo]);

export const catalogueEventDefinitions = {
  CatalogueVersionPublished: {
    schemaVersion: 3,
    emittedBy: publishedBy,
    meaning: `${publishedMeaning} Since version 2, the grid also holds the account manager, the « Solution Express » and the recommended external host's prices; since version 3, the launch offers (and the changes that add or end one).`,
    data: publishedData(catalogueGridSchema, catalogueChangeSchema),
  },
} as const;

/** Earlier versions still found in the log: they validate as written, and are upcast when read (upcasters.ts). */
export const supersededCatalogueEventDefinitions = [
  {
    type: 'CatalogueVersionPublished',
    schemaVersion: 1,
    emittedBy: publishedBy,
    // As published then: a schema file, once out, does not change.
    meaning: publishedMeaning,
    data: publishedData(z.strictObject(gridV1Shape), changeOfVersionTwo),
  },
  {
    type: 'CatalogueVersionPublished',
    schemaVersion: 2,
    emittedBy: publishedBy,
    meaning: `${publishedMeaning} Since version 2, the grid also holds the account manager, the « Solution Express » and the recommended external host's prices.`,
    data: publishedData(z.strictObject(gridV2Shape), changeOfVersionTwo),
  },
] as const;

type Definitions = typeof catalogueEventDefinitions;
export type CatalogueEventType = keyof Definitions;
export type CatalogueEventData<T extends CatalogueEventType> = z.infer<Definitions[T]['data']>;
export type CatalogueEvent = {
  [T in CatalogueEventType]: { readonly type: T; readonly data: CatalogueEventData<T> };
}[CatalogueEventType];
export type CatalogueGrid = z.infer<typeof catalogueGridSchema>;
export type CatalogueChange = z.infer<typeof catalogueChangeSchema>;
export type LaunchOffer = z.infer<typeof launchOfferSchema>;
