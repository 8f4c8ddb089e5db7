import { computeOrderPrice, type OrderPriceResult } from '@coseso/domain/pricing/compute-order-price';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import {
  ADDITIONAL_OPTIONS,
  type BillingPeriod,
  type TemplateKey,
  TEMPLATES,
} from '@coseso/domain/pricing/pricing-grid';
import { expect, type Page } from '@playwright/test';
import { type AppServer } from './app-server.js';

/** The page's text with no-break spaces as plain ones, so that figures compare as written. */
export const plain = (text: string | null) =>
  (text ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
/** An amount in euro cents, as the pages write it (plain spaces). */
export const euros = (cents: number) => plain(formatEuros(cents));

/** What an order buys beyond its template: the choices made in the wizard. */
export interface Extras {
  logo?: 'ai' | 'professional';
  content?: 'ai' | 'professional';
  domain?: string;
  maintenance?: boolean;
  /** The paid options ticked at step 6. */
  options?: (keyof typeof ADDITIONAL_OPTIONS)[];
}

/** An order as the wizard is filled: its template and rhythm, whether its start chose them, its extras. */
export interface WizardChoices {
  template: TemplateKey;
  rhythm: BillingPeriod;
  /** Whether the template and rhythm were preselected by the offer the order started from. */
  preselected: boolean;
  extras: Extras;
}

/** Who orders: the steps 1 and 2 of the wizard. */
export interface Customer {
  company: string;
  sector: string;
  address: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** The price the domain's module computes for these choices: what every page must show. */
export function expectedPrice({ template, rhythm, extras }: WizardChoices): OrderPriceResult {
  return computeOrderPrice({
    template,
    billingPeriod: rhythm,
    hostingOptions: {
      hostingType: 'included',
      maintenanceMonthly: extras.maintenance ?? false,
      dnsType: 'new',
      newDomainName: extras.domain ?? '',
      domainExtension: '.fr',
    },
    logoOption: extras.logo ?? 'client',
    contentOption: extras.content ?? 'client',
    additionalOptions: Object.fromEntries((extras.options ?? []).map((option) => [option, true])),
  });
}

/**
 * Opens /pricing on `tab`, checks that the card of `offer` advertises `advertised`, and chooses it.
 */
export async function startFromPricing(
  page: Page,
  server: AppServer,
  tab: string,
  offer: string,
  advertised: string[],
): Promise<void> {
  await page.goto(`${server.url}/pricing`);
  await page.getByRole('button', { name: tab, exact: true }).click();
  // The offer's card advertises the figures the wizard will charge for its template and rhythm.
  const card = plain(await page.getByRole('article', { name: offer, exact: true }).textContent());
  for (const figure of advertised) expect(card).toContain(figure);
  await page.getByRole('button', { name: `Choisir ${offer}` }).click();
}

const stepHeading = (page: Page, title: string) =>
  expect(page.getByRole('heading', { level: 2, name: title, exact: true }).first()).toBeVisible();

/** Fills the wizard's eight steps as a visitor does, up to the recap with its rhythm chosen. */
export async function fillWizard(page: Page, journey: WizardChoices, customer: Customer): Promise<void> {
  const next = () => page.getByRole('button', { name: 'Suivant' }).click();
  await stepHeading(page, 'Entreprise');
  await page.getByLabel("Nom de l'entreprise").fill(customer.company);
  await page.getByLabel("Secteur d'activité").fill(customer.sector);
  await page.getByLabel('Adresse postale').fill(customer.address);
  await next();
  await stepHeading(page, 'Contact');
  await page.getByLabel('Prénom').fill(customer.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(customer.lastName);
  await page.getByLabel('Email').fill(customer.email);
  await next();
  await stepHeading(page, 'Type');
  await next();

  await stepHeading(page, 'Template & style');
  const template = page.getByRole('radio', {
    name: new RegExp(`^${TEMPLATES[journey.template].recapLabel}`),
  });
  if (journey.preselected) {
    // The offer chose the template: the wizard opens with it.
    expect(await template.isChecked()).toBe(true);
  } else {
    await template.check();
  }
  await next();

  await stepHeading(page, 'Logo & Contenu');
  const { logo, content } = journey.extras;
  if (logo) {
    await page.getByRole('radio', { name: "Je n'ai pas de logo" }).check();
    await page
      .getByRole('radio', { name: logo === 'ai' ? /^Logo créé par IA/ : /^Logo professionnel/ })
      .check();
  }
  if (content) {
    await page.getByRole('radio', { name: "Je n'ai pas de textes" }).check();
    await page
      .getByRole('radio', {
        name: content === 'ai' ? /^Textes rédigés par IA/ : /^Textes rédigés par un professionnel/,
      })
      .check();
  }
  await next();
  await stepHeading(page, 'Options');
  for (const option of journey.extras.options ?? [])
    await page.getByRole('checkbox', { name: new RegExp(`^${ADDITIONAL_OPTIONS[option].label}`) }).check();
  await next();

  await stepHeading(page, 'Hébergement');
  if (journey.extras.domain) await page.getByLabel('Nom de domaine souhaité').fill(journey.extras.domain);
  // Maintenance is included in the hosting: shown, never a switch that would change the price.
  if (journey.extras.maintenance) {
    await expect(page.getByText('Maintenance et mises à jour de sécurité').first()).toBeVisible();
    expect(await page.getByRole('switch', { name: /Maintenance/ }).count()).toBe(0);
  }
  await next();
  await stepHeading(page, 'Récapitulatif');

  const rhythm = page.getByRole('radio', {
    name: journey.rhythm === 'yearly' ? /^Paiement annuel/ : /^Abonnement mensuel/,
  });
  if (journey.preselected) {
    // The offer chose the rhythm too.
    expect(await rhythm.isChecked()).toBe(true);
  } else {
    await rhythm.check();
  }
}

/** The recap's amount of a price field, as shown. */
export const recapAmount = async (page: Page, field: string) =>
  plain(await page.getByTestId(`price-${field}`).textContent()).trim();
