import { randomUUID } from 'node:crypto';
import { computeOrderPrice, type OrderPriceResult } from '@coseso/domain/pricing/compute-order-price';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { type BillingPeriod, type TemplateKey } from '@coseso/domain/pricing/pricing-grid';
import {
  LANDING_PRICE_CARDS,
  SUBSCRIPTION_OFFERS,
  YEARLY_OFFERS,
} from '@coseso/domain/pricing/pricing-plans';
import { type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { eventually } from '../support/eventually.js';
import { ADMIN } from '../support/journey.js';
import {
  type WizardChoices,
  euros,
  expectedPrice,
  fillWizard,
  plain,
  recapAmount,
  startFromPricing as startFromPricingOf,
} from '../support/wizard.js';
import { expect, hydrated, test } from '../support/fixtures.js';

/*
 * One price from the offer to the card: from each offer of /pricing and each button of the landing
 * page, through the wizard, the recap, the checkout and the contract, the same figures.
 */

let server: AppServer;
let page: Page;

test.beforeEach(({ app, page: testPage }) => {
  server = app;
  page = testPage;
});

interface Journey extends WizardChoices {
  name: string;
  /** Opens the start page, checks what it advertises, and starts the order. */
  start: (price: OrderPriceResult) => Promise<void>;
}

const pricingJourneys: Journey[] = [
  ...YEARLY_OFFERS.map((offer): Journey => ({
    name: `/pricing, Paiement annuel, ${offer.label}`,
    start: (price) =>
      startFromPricing('Paiement annuel', offer.label, [
        `${plain(formatEuros(price.totalAmount, { decimals: 'auto' }))} HT / an`,
        `soit ${euros(price.totalWithVat)} TTC`,
        `(${euros(price.depositWithVat)} TTC)`,
      ]),
    template: offer.template,
    rhythm: 'yearly',
    preselected: true,
    extras: {},
  })),
  ...SUBSCRIPTION_OFFERS.map((offer): Journey => ({
    name: `/pricing, Abonnement mensuel, ${offer.label}`,
    start: (price) =>
      startFromPricing('Abonnement mensuel', offer.label, [
        `${plain(formatEuros(price.monthlyAmount, { decimals: 'auto' }))} HT / mois`,
        `soit ${euros(price.monthlyWithVat)} TTC / mois`,
        `(${euros(price.depositWithVat)} TTC)`,
      ]),
    template: offer.template,
    rhythm: 'monthly',
    preselected: true,
    extras: {},
  })),
];

// Each landing button starts an empty order; each journey then buys something else, so that the
// domain, the one-off items and the monthly items are all checked on both rhythms.
const landingJourneys: Journey[] = (
  [
    ['Commencer', 'onepage', 'yearly', { logo: 'professional', domain: 'boulangerie-martin' }],
    ['Créer mon site', 'business', 'monthly', { domain: 'atelier-martin', maintenance: true }],
    ['Je personnalise mon site', 'portfolio', 'yearly', { maintenance: true, content: 'ai' }],
    ['Commencer maintenant', 'ecommerce', 'monthly', { logo: 'ai', content: 'professional' }],
  ] as const
).map(([button, template, rhythm, extras]) => ({
  name: `landing, « ${button} »`,
  start: () => startFromLanding(button, template),
  template,
  rhythm,
  preselected: false,
  extras,
}));

const startFromPricing = (tab: string, offer: string, advertised: string[]) =>
  startFromPricingOf(page, server, tab, offer, advertised);

async function startFromLanding(button: string, template: TemplateKey) {
  await page.goto(server.url);
  // The template's price card says what the wizard charges for it alone, on either plan.
  const card = LANDING_PRICE_CARDS.find((c) => c.template === template)!;
  const shown = plain(
    await page
      .locator('#tarifs li')
      .filter({ has: page.getByRole('heading', { level: 4, name: card.label, exact: true }) })
      .textContent(),
  );
  const alone = (rhythm: BillingPeriod) =>
    computeOrderPrice({ template, billingPeriod: rhythm, hostingOptions: { hostingType: 'included' } });
  expect(shown).toContain(`${plain(formatEuros(alone('yearly').totalAmount, { decimals: 'auto' }))} HT / an`);
  expect(shown).toContain(
    `${plain(formatEuros(alone('monthly').monthlyAmount, { decimals: 'auto' }))} HT / mois`,
  );
  expect(shown).toContain(
    `${plain(formatEuros(alone('monthly').setupFeesAmount, { decimals: 'auto' }))} HT de frais`,
  );
  // Prerendered: the button is on screen before React hydrates it, and a click before that is lost.
  await hydrated(page);
  await page.getByRole('button', { name: button, exact: true }).first().click();
}

async function signIn(email: string) {
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  let setPasswordToken = '';
  await eventually(
    async () => {
      const response = await fetch(`${server.url}/api/test/mailbox?limit=200`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { emails } = (await response.json()) as {
        emails: Array<{ to: string; template: string; text: string }>;
      };
      const sent = emails.find((e) => e.to === email && e.template === 'account-created');
      setPasswordToken = (sent && /set-password\?token=([^&\s"]+)/.exec(sent.text)?.[1]) ?? '';
      return setPasswordToken !== '';
    },
    'the account email is sent',
    20_000,
  );
  // The client chooses a password from the emailed link: the browser's context gets the session.
  const response = await page.request.post(`${server.url}/api/auth/set-password`, {
    data: { token: decodeURIComponent(setPasswordToken), password: 'croissant-au-beurre' },
  });
  expect(response.status()).toBe(200);
}

test.describe('one price from the offer to the contract', () => {
  for (const journey of [...pricingJourneys, ...landingJourneys])
    test(`${journey.name}: the offer, the recap, the checkout and the contract say the same figures`, async () => {
      test.setTimeout(150_000);
      const price = expectedPrice(journey);
      expect(price.ok).toBe(true);
      const email = `${randomUUID().slice(0, 8)}@boulangerie-martin.fr`;

      await journey.start(price);
      await page.waitForURL(/\/order-form\/[0-9a-f-]{36}$/);
      const orderId = page.url().split('/').pop()!;
      await fillWizard(page, journey, {
        company: 'Boulangerie Martin',
        sector: 'Boulangerie',
        address: '12 rue des Lilas\n75012 Paris',
        firstName: 'Claire',
        lastName: 'Martin',
        email,
      });

      // The recap: the module's figures for these choices, one-off items apart, monthly ones per month.
      const fields =
        journey.rhythm === 'yearly'
          ? (['totalAmount', 'totalWithVat', 'depositWithVat', 'remainingWithVat'] as const)
          : (['setupFeesAmount', 'depositWithVat', 'monthlyAmount', 'monthlyWithVat'] as const);
      await expect
        .poll(() => recapAmount(page, fields[0]), { message: 'the recap shows the price' })
        .toBe(euros(price[fields[0]]));
      for (const field of fields) expect(await recapAmount(page, field)).toBe(euros(price[field]));
      const recap = plain(await page.getByRole('region', { name: 'Détail du prix' }).textContent());
      expect(recap).toContain(plain(price.displayText));
      for (const option of price.options) {
        expect(recap).toContain(option.label);
        const unit = { once: 'HT (une fois)', yearly: 'HT/an', monthly: 'HT/mois' }[option.period];
        expect(recap).toContain(`${euros(option.amountHT)} ${unit}`);
      }

      // Accept the terms, validate if the rhythm changed the order, then pay.
      await page.getByRole('checkbox', { name: /J'accepte les conditions générales/ }).check();
      const validate = page.getByRole('button', { name: 'Valider ma commande' });
      const pay = page.getByRole('button', {
        name: journey.rhythm === 'yearly' ? "Payer l'acompte" : 'Payer les frais de mise en service',
      });
      await expect(async () => {
        if (!(await pay.isVisible()) && (await validate.isVisible())) await validate.click();
        expect(await pay.isVisible(), 'the order is ready to pay').toBe(true);
      }).toPass({ timeout: 30_000 });
      await pay.click();
      await page.waitForURL(/\/sandbox\/checkout\//);

      // The checkout charges what the recap said.
      await expect(page.getByText('Montant à payer').first()).toBeVisible();
      const checkout = plain(await page.locator('main').textContent());
      expect(checkout).toContain(`${euros(price.depositWithVat)} TTC`);
      await page.getByRole('button', { name: 'Payer', exact: true }).click();
      await page.waitForURL(new RegExp(`/payment-success/${orderId}`));

      // The contract, once the account exists, says the same again.
      await signIn(email);
      await page.goto(`${server.url}/contract/${orderId}`);
      const document = page.getByRole('region', { name: 'Document du contrat' });
      await expect(async () => {
        if (!(await document.isVisible())) await page.reload();
        await expect(document, 'the contract is issued').toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 60_000 });
      const contract = plain(await document.textContent());
      expect(contract).toContain(plain(price.displayText));
      expect(contract).toContain(plain(price.formula));
      if (journey.rhythm === 'yearly') {
        expect(contract).toContain(
          `Montant total : ${euros(price.totalAmount)} HT, soit ${euros(price.totalWithVat)} TTC`,
        );
        expect(contract).toContain(`Acompte à la commande : ${euros(price.depositWithVat)} TTC`);
        expect(contract).toContain(`Solde à la livraison : ${euros(price.remainingWithVat)} TTC`);
      } else {
        expect(contract).toContain(
          `Frais de mise en service, payés à la commande : ${euros(price.setupFeesAmount)} HT, soit ${euros(price.depositWithVat)} TTC`,
        );
        expect(contract).toContain(
          `Abonnement mensuel : ${euros(price.monthlyAmount)} HT/mois, soit ${euros(price.monthlyWithVat)} TTC/mois`,
        );
      }
      for (const option of price.options) {
        const unit = { once: 'HT (une fois)', yearly: 'HT/an', monthly: 'HT/mois' }[option.period];
        expect(contract).toContain(`${option.label} : ${euros(option.amountHT)} ${unit}`);
      }
    });
});
