import { AxeBuilder } from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { completedOrder, signInToBackOffice } from '../support/journey.js';
import { expect, sharedPage, test } from '../support/fixtures.js';

// « Catalogue » in the back-office: an admin raises a price with a reason, previews it, publishes
// version 2; the history says who, when and why; an order completed afterwards shows, on its
// recap, the version that priced it.

test.describe.configure({ mode: 'serial' });

let server: AppServer;
let page: Page;

test.beforeAll(async ({ appOfFile, browser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  page = await sharedPage(browser, { timezoneId: 'UTC', viewport: { width: 1440, height: 1000 } });
  await signInToBackOffice(page, server, undefined, '/admin/catalogue');
});

// The grid in force, apart from the comparison's rows that name the same templates.
const inForce = () => page.getByRole('region', { name: /^Version \d+ en vigueur$/ });

const axeClean = async () => {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

test('an admin raises a price with a reason, previews it and publishes version 2, kept in the history', async () => {
  await expect(page.getByRole('heading', { name: 'Catalogue', level: 1 })).toBeVisible();
  await expect(page.getByText('Version 1 en vigueur')).toBeVisible();
  await expect(inForce().getByRole('row', { name: /Site Vitrine/ })).toContainText('29 € HT');
  await axeClean();

  await page.getByLabel('Nouveau montant (€ HT)').fill('32');
  await page.getByRole('button', { name: 'Ajouter ce changement' }).click();
  await expect(page.getByText('Site Vitrine : base mensuelle 29 € HT → 32 € HT')).toBeVisible();
  await expect(page.getByText(/Prix annuels sur \/pricing : Site Vitrine 384\s€\sHT/)).toBeVisible();
  await page.getByLabel('Raison du changement').fill('Hausse des coûts d’hébergement');
  await axeClean();
  await page.getByRole('button', { name: 'Publier la version 2' }).click();

  await expect(page.getByText('Version 2 en vigueur')).toBeVisible();
  await expect(inForce().getByRole('row', { name: /Site Vitrine/ })).toContainText('32 € HT');
  const history = page.getByRole('region', { name: 'Historique des versions' });
  await expect(history).toContainText('Version 2 (en vigueur)');
  await expect(history).toContainText('« Hausse des coûts d’hébergement »');
  await expect(history).toContainText('Site Vitrine : base mensuelle 29 € HT → 32 € HT');
  // The difference between two versions, field by field: versions 1 and 2 at first.
  const comparison = page.getByRole('region', { name: 'Comparer deux versions' });
  await expect(comparison.getByRole('row', { name: /^Site Vitrine : base mensuelle/ })).toHaveText(
    /29\s€\sHT\s*→\s*32\s€\sHT/,
  );
  await expect(comparison.getByRole('row')).toHaveCount(2);
  await axeClean();
  await page.screenshot({ path: testInfoPath('catalogue-admin.png'), fullPage: true });
});

test('an order completed afterwards is priced at version 2, and its recap says so', async () => {
  const orderId = await completedOrder(server);
  await page.goto(`${server.url}/order-form/${orderId}`);
  await expect(page.getByText(/Type de site, 32,00\s€\sHT\/mois × 12/)).toBeVisible();
  await expect(page.getByTestId('catalogue-version')).toHaveText(
    /^Tarifs de la version 2 du catalogue, en vigueur depuis le /,
  );
  await page.screenshot({ path: testInfoPath('catalogue-recap.png'), fullPage: true });
});

const testInfoPath = (name: string) => test.info().outputPath(name);
