import { AxeBuilder } from '@axe-core/playwright';
import { AdminAccounts } from '@coseso/backend/auth/admin-accounts';
import { loadConfig } from '@coseso/backend/config/app-config';
import { visibleText } from '@coseso/backend/invoices/testing/en16931-validation';
import { testDatabaseUrl } from '@coseso/database/testing/postgres-test-schema';
import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { eventually } from '../support/eventually.js';
import { ADMIN, paidOrderOfNewClient, signInToBackOffice } from '../support/journey.js';
import { expectToast } from '../support/page-checks.js';
import { expect, sharedPage, test } from '../support/fixtures.js';

// « Identité de l'agence » in the back-office: an admin records a new seller (a SIRET with a wrong
// key is refused in French first), the history keeps both versions and shows what changed; the
// next invoice names the new seller; an auditor reads the page without a way to change it.
// (The rules and the bytes of invoices issued before, through the API: agency-identity.e2e.spec.ts.)

test.describe.configure({ mode: 'serial' });

const AUDITOR = { email: 'auditrice-identite@coseso.test', password: 'un-secret-d-audit' };
const sizes = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

let server: AppServer;
let browser: Browser;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
  const config = loadConfig({ DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: server.schema });
  await new AdminAccounts(server.db, config).create(AUDITOR.email, AUDITOR.password, 'auditor');
});

const axeClean = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

const moved = {
  'Raison sociale': 'Coseso Studio',
  'Forme juridique': 'SARL',
  'Adresse du siège': '3 rue de la Paix',
  'Code postal': '75002',
  Ville: 'Paris',
  'Ville du greffe (RCS)': 'Paris',
  'Numéro de TVA intracommunautaire': 'FR96552100554',
  'Capital social (€)': '20000',
};

test('at 1440×900, an admin fixes a SIRET refused in French, records version 2 with a reason, and sees both versions and what changed', async () => {
  const page = await sharedPage(browser, { timezoneId: 'UTC', viewport: sizes[0] });
  await signInToBackOffice(page, server);
  await page
    .getByRole('navigation', { name: 'Back-office' })
    .getByRole('link', { name: 'Identité de l’agence' })
    .click();
  await expect(page.getByRole('heading', { name: 'Identité de l’agence', level: 1 })).toBeVisible();
  await expect(page.getByText('Version 1 en vigueur')).toBeVisible();
  await expect(page.getByLabel('Raison sociale')).toHaveValue('Coseso');
  await axeClean(page);

  for (const [label, value] of Object.entries(moved))
    await page.getByLabel(label, { exact: true }).fill(value);
  // The SIREN 552 100 554 with the last digit of its SIRET mistyped: the Luhn key fails.
  await page.getByLabel('SIRET du siège').fill('552 100 554 00014');
  await page.getByRole('button', { name: 'Enregistrer la version 2' }).click();
  const siret = page.getByLabel('SIRET du siège');
  await expect(siret).toHaveAttribute('aria-invalid', 'true');
  await expect(siret).toHaveAccessibleDescription(
    /Ce SIRET n'existe pas : un chiffre est probablement mal saisi/,
  );
  await expect(page.getByLabel('Raison du changement')).toHaveAccessibleDescription(
    /Indiquez la raison du changement\./,
  );
  await axeClean(page);

  await siret.fill('552 100 554 00013');
  await expect(siret).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Raison du changement').fill('Déménagement du siège à Paris et nouvelle société');
  await page.getByRole('button', { name: 'Enregistrer la version 2' }).click();
  await expectToast(page, 'Version 2 enregistrée');

  await expect(page.getByText('Version 2 en vigueur')).toBeVisible();
  await expect(page.getByLabel('SIRET du siège')).toHaveValue('55210055400013');
  const history = page.getByRole('region', { name: 'Historique des versions' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Version 2 (en vigueur)');
  await expect(history.getByRole('listitem').first()).toContainText(
    `Par ${ADMIN.email} : « Déménagement du siège à Paris et nouvelle société »`,
  );
  await expect(history.getByRole('listitem').nth(1)).toContainText('Version 1');

  const comparison = page.getByRole('region', { name: 'Comparer deux versions' });
  await expect(comparison.getByLabel('De la version')).toHaveValue('1');
  await expect(comparison.getByLabel('À la version')).toHaveValue('2');
  await expect(comparison.getByRole('row', { name: /^Raison sociale/ })).toHaveText(
    /Raison sociale\s*Coseso\s*→\s*Coseso Studio/,
  );
  await expect(comparison.getByRole('row', { name: /^SIRET du siège/ })).toHaveText(
    /84215370200019\s*→\s*55210055400013/,
  );
  await expect(comparison.getByRole('row', { name: /^Ville du greffe/ })).toHaveText(/Lyon\s*→\s*Paris/);
  // What did not change is not listed.
  await expect(comparison.getByRole('row', { name: /^IBAN/ })).toHaveCount(0);
  await comparison.getByLabel('De la version').selectOption('2');
  await expect(comparison.getByText('Aucune différence entre la version 2 et la version 2.')).toBeVisible();
  await axeClean(page);
  await page.screenshot({ path: test.info().outputPath('identite-admin-1440.png'), fullPage: true });
  await page.context().close();
});

test('an invoice issued afterwards names the new seller', async () => {
  const { orderId, adminToken } = await paidOrderOfNewClient(server, {
    contactEmail: 'identite@boulangerie-martin.fr',
  });
  const auth = { authorization: `Bearer ${adminToken}` };
  let pdfUrl = '';
  // Issued by the worker a moment after the payment.
  await eventually(async () => {
    const response = await fetch(`${server.url}/api/admin/orders/${orderId}/invoices`, { headers: auth });
    const { invoices } = (await response.json()) as { invoices: { pdfUrl: string }[] };
    pdfUrl = invoices[0]?.pdfUrl ?? '';
    return pdfUrl !== '';
  }, 'the deposit invoice is issued');
  const pdf = new Uint8Array(await (await fetch(`${server.url}${pdfUrl}`, { headers: auth })).arrayBuffer());
  const text = visibleText(pdf).replace(/\s+/g, ' ');
  expect(text).toContain('Coseso Studio');
  expect(text).toContain('RCS Paris');
  expect(text).toContain('FR96552100554');
  expect(text).not.toContain('RCS Lyon');
});

test('at 1280×720, an auditor reads the identity, its history and the difference, with nothing to change', async () => {
  const page = await sharedPage(browser, { timezoneId: 'UTC', viewport: sizes[1] });
  await signInToBackOffice(page, server, AUDITOR, '/admin/agency-identity');
  await expect(page.getByRole('heading', { name: 'Identité de l’agence', level: 1 })).toBeVisible();
  await expect(page.getByText('Version 2 en vigueur')).toBeVisible();
  await expect(page.getByText(/Lecture seule : seul un administrateur la modifie\./)).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Enregistrer/ })).toHaveCount(0);
  await expect(page.getByRole('definition').filter({ hasText: '55210055400013' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Historique des versions' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expect(
    page
      .getByRole('region', { name: 'Comparer deux versions' })
      .getByRole('row', { name: /^Raison sociale/ }),
  ).toHaveText(/Coseso\s*→\s*Coseso Studio/);
  await axeClean(page);
  await page.screenshot({ path: test.info().outputPath('identite-auditrice-1280.png'), fullPage: true });
  await page.context().close();
});

test('at 1280×720, the admin’s form and its errors stay clean for axe', async () => {
  const page = await sharedPage(browser, { timezoneId: 'UTC', viewport: sizes[1] });
  await signInToBackOffice(page, server, ADMIN, '/admin/agency-identity');
  await expect(page.getByText('Version 2 en vigueur')).toBeVisible();
  await page.getByLabel('Code postal').fill('750');
  await page.getByRole('button', { name: 'Enregistrer la version 3' }).click();
  await expect(page.getByLabel('Code postal')).toHaveAccessibleDescription(
    /Le code postal compte 5 chiffres\./,
  );
  await axeClean(page);
  await page.context().close();
});
