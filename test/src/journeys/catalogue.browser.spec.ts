import { AxeBuilder } from '@axe-core/playwright';
import { AdminAccounts } from '@coseso/backend/auth/admin-accounts';
import { loadConfig } from '@coseso/backend/config/app-config';
import { testDatabaseUrl } from '@coseso/database/testing/postgres-test-schema';
import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { completedOrder, signInToBackOffice } from '../support/journey.js';
import { expect, sharedPage, test } from '../support/fixtures.js';

// « Offres et tarifs » in the back-office, at 1440×900 then 1280×720: an admin raises a price,
// previews /pricing and the wizard's step 3 with the version not yet published, publishes it; the
// history counts the orders priced at each version and lists them in the order list; a version is
// scheduled for a later date; two versions are compared; an auditor reads it all, with no button
// that writes. Every screen axe-clean.

// Many screens, each checked by axe: on a loaded two-core machine they outlast the default budget.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const AUDITOR = { email: 'auditeur-offres@coseso.test', password: 'un-secret-d-audit' };
const LARGE = { width: 1440, height: 900 };
const SMALL = { width: 1280, height: 720 };

let server: AppServer;
let browser: Browser;
let page: Page;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  // The app's cold start and the sign-in: up to 90 s on a loaded two-core machine (fixtures.ts).
  test.setTimeout(300_000);
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
  const config = loadConfig({ DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: server.schema });
  await new AdminAccounts(server.db, config).create(AUDITOR.email, AUDITOR.password, 'auditor');
  page = await sharedPage(browser, { timezoneId: 'UTC', viewport: LARGE });
  await signInToBackOffice(page, server, undefined, '/admin/catalogue');
});

// The grid in force, apart from the comparison's rows that name the same templates.
const inForce = (on: Page = page) => on.getByRole('region', { name: /^Version \d+ en vigueur$/ });
const history = (on: Page = page) => on.getByRole('region', { name: 'Historique des versions' });

const axeClean = async (on: Page = page) => {
  // A toast fading in or out is read by axe at its passing opacity (a contrast « violation » of no text
  // anyone reads): without motion, sonner shows or removes it at once.
  await on.emulateMedia({ reducedMotion: 'reduce' });
  const { violations } = await new AxeBuilder({ page: on }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

test('at 1440×900 an admin raises a price, previews /pricing and step 3 with it, publishes version 2', async () => {
  await expect(page).toHaveTitle('Offres et tarifs · Coseso');
  await expect(page.getByRole('heading', { name: 'Offres et tarifs', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Offres et tarifs' }),
  ).toHaveAttribute('href', '/admin/catalogue');
  await expect(page.getByText('Version 1 en vigueur')).toBeVisible();
  await expect(inForce().getByRole('row', { name: /Site Vitrine/ })).toContainText('29 € HT');
  await axeClean();

  await page.getByLabel('Nouveau montant (€ HT)').fill('32');
  await page.getByRole('button', { name: 'Ajouter ce changement' }).click();
  await expect(page.getByText('Site Vitrine : base mensuelle 29 € HT → 32 € HT')).toBeVisible();
  await expect(page.getByText(/Prix annuels sur \/pricing : Site Vitrine 384\s€\sHT/)).toBeVisible();

  // The preview: /pricing's offers and the wizard's step 3 as version 2 will make them.
  await page.getByRole('button', { name: 'Prévisualiser /pricing et l’étape 3' }).click();
  const preview = page.getByRole('region', { name: 'Aperçu de la version 2, non publiée' });
  const yearly = preview.getByRole('region', { name: 'Aperçu des offres en paiement annuel' });
  await expect(yearly.getByRole('article', { name: 'Site Vitrine' })).toContainText(/384\s€\sHT\s\/\san/);
  await expect(yearly.getByRole('article', { name: 'Site Vitrine' })).toContainText(/460,80\s€\sTTC/);
  const monthly = preview.getByRole('region', { name: 'Aperçu des offres en abonnement' });
  await expect(monthly.getByRole('article', { name: 'Starter' })).toContainText(/41,60\s€\sHT\s\/\smois/);
  // Nobody orders from a preview.
  await expect(yearly.getByRole('button', { name: 'Choisir Site Vitrine' })).toBeDisabled();
  const step3 = preview.getByRole('region', { name: 'Aperçu de l’étape 3 de la commande' });
  await expect(step3.getByRole('radio', { name: /Solution Premium/ })).toBeChecked();
  await expect(step3).toContainText(/à partir de 41,60\s€\sHT\/mois/);
  await axeClean();
  await page.screenshot({ path: test.info().outputPath('offres-apercu.png'), fullPage: true });

  // Nothing is published by the preview: /pricing still shows version 1.
  const visitor = await sharedPage(browser, { viewport: LARGE });
  await visitor.goto(`${server.url}/pricing`);
  await expect(visitor.getByRole('article', { name: 'Site Vitrine' })).toContainText(/348\s€\sHT\s\/\san/);

  await page.getByLabel('Raison du changement').fill('Hausse des coûts d’hébergement');
  await page.getByRole('button', { name: 'Publier la version 2' }).click();
  await expect(page.getByText('Version 2 en vigueur')).toBeVisible();
  await expect(inForce().getByRole('row', { name: /Site Vitrine/ })).toContainText('32 € HT');
  await expect(history()).toContainText('Version 2 (en vigueur)');
  await expect(history()).toContainText('« Hausse des coûts d’hébergement »');
  await expect(history()).toContainText('Site Vitrine : base mensuelle 29 € HT → 32 € HT');
  await expect(history()).toContainText('Aucune commande chiffrée à cette version');

  await visitor.context().close();
  await axeClean();
});

test('at 1440×900 a visitor sees on /pricing the version published, as the preview showed it', async () => {
  const visitor = await sharedPage(browser, { viewport: LARGE });
  await visitor.goto(`${server.url}/pricing`);
  await expect(visitor.getByRole('article', { name: 'Site Vitrine' })).toContainText(/384\s€\sHT\s\/\san/);
  await visitor.context().close();
});

test('at 1440×900 the history counts the orders priced at each version and lists them in the order list', async () => {
  const atSecond = await completedOrder(server, { companyName: 'Atelier Offres Deux', catalogueVersion: 2 });
  await page.reload();
  const link = history().getByRole('link', { name: '1 commande chiffrée à la version 2' });
  await expect(link).toBeVisible();
  await axeClean();
  await link.click();
  await expect(page).toHaveURL(/\/admin\?catalogueVersion=2$/);
  await expect(page.getByRole('status').filter({ hasText: /^1 commande/ })).toHaveText(
    '1 commande · chiffrée à la version 2 du catalogue',
  );
  const list = page.getByRole('list', { name: 'Liste des commandes' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Atelier Offres Deux');
  await axeClean();
  expect(atSecond).toBeTruthy();

  // The quoted form (?catalogueVersion="2", as a router writes a string) lists the same orders.
  await page.goto(`${server.url}/admin?catalogueVersion=%222%22`);
  await expect(page.getByRole('status').filter({ hasText: /^1 commande/ })).toHaveText(
    '1 commande · chiffrée à la version 2 du catalogue',
  );
  await expect(list).toContainText('Atelier Offres Deux');

  // A version that is not a number is said in French, like the other filters.
  await page.goto(`${server.url}/admin?catalogueVersion=deux`);
  await expect(page.getByRole('alert')).toContainText(
    "La version du catalogue « deux » n'existe pas. Indiquez le numéro d'une version",
  );
});

test('at 1280×720 an admin schedules version 3 for a later date and compares two versions', async () => {
  await page.setViewportSize(SMALL);
  await page.goto(`${server.url}/admin/catalogue`);
  await page.getByLabel('Changement', { exact: true }).selectOption({ label: 'Option : prix (€ HT)' });
  await page.getByLabel('Élément').selectOption({ label: 'Optimisation SEO' });
  await page.getByLabel('Nouveau montant (€ HT)').fill('279');
  await page.getByRole('button', { name: 'Ajouter ce changement' }).click();
  await page.getByLabel('Raison du changement').fill('Nouvelle offre de référencement');
  await page.getByLabel('Date d’effet').fill('2030-01-01T09:00');
  await axeClean();
  await page.getByRole('button', { name: 'Programmer la version 3' }).click();

  await expect(history()).toContainText(/Version 3 \(programmée\) — en vigueur le 1 janvier 2030/);
  // Version 2 stays in force until then.
  await expect(page.getByText('Version 2 en vigueur')).toBeVisible();

  const comparison = page.getByRole('region', { name: 'Comparer deux versions' });
  await comparison.getByLabel('De la version').selectOption('1');
  await comparison.getByLabel('À la version').selectOption('3');
  await expect(comparison.getByRole('row', { name: /^Site Vitrine : base mensuelle/ })).toHaveText(
    /29\s€\sHT\s*→\s*32\s€\sHT/,
  );
  await expect(comparison.getByRole('row', { name: /Optimisation SEO/ })).toHaveText(
    /249\s€\sHT.*→\s*279\s€\sHT/,
  );
  await axeClean();
  await page.screenshot({ path: test.info().outputPath('offres-historique.png'), fullPage: true });
});

test('at 1280×720 a change the server does not publish yet is refused in French, next to the changes', async () => {
  await page.goto(`${server.url}/admin/catalogue`);
  await page.getByLabel('Changement', { exact: true }).selectOption({ label: 'Taux de TVA (%)' });
  // A field of the grid itself: no element to choose, the field opens on the rate in force.
  await expect(page.getByLabel('Élément')).toHaveCount(0);
  await expect(page.getByLabel('Nouveau taux (%)')).toHaveValue('20');
  await page.getByLabel('Nouveau taux (%)').fill('200');
  await page.getByRole('button', { name: 'Ajouter ce changement' }).click();
  await expect(page.getByLabel('Nouveau taux (%)')).toHaveAccessibleDescription(
    'Indiquez un pourcentage entier, de 0 à 100.',
  );
  await page.getByLabel('Nouveau taux (%)').fill('21');
  await page.getByRole('button', { name: 'Ajouter ce changement' }).click();
  const changes = page.getByRole('list', { name: 'Changements de la version 4' });
  await expect(changes).toContainText('Taux de TVA : 20 % → 21 %');
  await page.getByLabel('Raison du changement').fill('Nouveau taux de TVA');
  await page.getByRole('button', { name: 'Publier la version 4' }).click();
  // The server does not publish a VAT rate: its French reason is next to the changes, tied to them.
  const refusal = page.getByRole('alert').filter({ hasText: /taux de TVA/ });
  await expect(refusal).toBeVisible();
  await expect(changes).toHaveAccessibleDescription(/taux de TVA/);
  await expect(history()).not.toContainText('Version 4');
  await axeClean();
  await changes.getByRole('button', { name: /^Retirer le changement « Taux de TVA/ }).click();
  await expect(page.getByRole('list', { name: 'Changements de la version 4' })).toHaveCount(0);
});

for (const viewport of [LARGE, SMALL])
  test(`at ${viewport.width}×${viewport.height} an auditor reads the versions, their orders and the comparison, with no button that writes`, async () => {
    const auditor = await sharedPage(browser, { timezoneId: 'UTC', viewport });
    await signInToBackOffice(auditor, server, AUDITOR, '/admin/catalogue');
    await expect(auditor.getByRole('heading', { name: 'Offres et tarifs', level: 1 })).toBeVisible();
    await expect(auditor.getByText('Version 2 en vigueur')).toBeVisible();
    await expect(history(auditor)).toContainText('Version 3 (programmée)');
    await expect(
      auditor.getByRole('button', { name: /Publier|Programmer|Ajouter ce changement|Prévisualiser/ }),
    ).toHaveCount(0);
    await expect(auditor.getByLabel('Raison du changement')).toHaveCount(0);
    await expect(auditor.getByRole('region', { name: 'Comparer deux versions' })).toBeVisible();
    await axeClean(auditor);
    await history(auditor).getByRole('link', { name: '1 commande chiffrée à la version 2' }).click();
    await expect(auditor.getByRole('list', { name: 'Liste des commandes' })).toContainText(
      'Atelier Offres Deux',
    );
    await auditor.context().close();
  });

test('an order completed afterwards is priced at version 2, and its recap says so', async () => {
  const orderId = await completedOrder(server);
  await page.goto(`${server.url}/order-form/${orderId}`);
  await expect(page.getByText(/Type de site, 32,00\s€\sHT\/mois × 12/)).toBeVisible();
  await expect(page.getByTestId('catalogue-version')).toHaveText(
    /^Tarifs de la version 2 du catalogue, en vigueur depuis le /,
  );
});
