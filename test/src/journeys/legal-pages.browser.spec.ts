import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { expect, hydrated, sharedPage, test } from '../support/fixtures.js';

// Serial: its tests follow one another on the same page and orders.
test.describe.configure({ mode: 'serial' });
test.use({
  appEnv: {
    SELLER_NAME: 'Atelier Web Durand',
    SELLER_LEGAL_FORM: 'SARL',
    LEGAL_HOST_NAME: 'Hébergeur Exemple SAS',
    LEGAL_HOST_ADDRESS: '1 rue du Serveur, 59100 Roubaix',
  },
});

let server: AppServer;
let browser: Browser;
let page: Page;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
  page = await sharedPage(browser);
});
test.describe('the legal pages', () => {
  test('are linked from the footer and say who publishes, hosts and processes, from the configuration', async () => {
    await page.goto(`${server.url}/`);
    // The landing is prerendered: a click while React takes the page over may be lost.
    await hydrated(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' }).click();
    await page.waitForURL(/\/mentions-legales$/);
    await expect(page.getByRole('heading', { name: 'Mentions légales', level: 1 }).first()).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('Atelier Web Durand SARL, au capital de 10 000 €').first()).toBeVisible();
    await expect(main.getByText('SIREN : 842 153 702 · SIRET : 84215370200019').first()).toBeVisible();
    await expect(main.getByText('RCS Lyon 842 153 702').first()).toBeVisible();
    await expect(main.getByText('Hébergeur Exemple SAS').first()).toBeVisible();
    await expect(main.getByText('1 rue du Serveur, 59100 Roubaix').first()).toBeVisible();

    await page.goto(`${server.url}/privacy`);
    await page.waitForURL(/\/politique-confidentialite$/);
    await expect(
      page.getByRole('heading', { name: 'Politique de confidentialité', level: 1 }).first(),
    ).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(/conservées 5 ans après la fin du contrat/)
        .first(),
    ).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(/droit d’accès, de rectification, d’effacement/)
        .first(),
    ).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(/Atelier Web Durand SARL, 12 rue des Artisans, 69002 Lyon/)
        .first(),
    ).toBeVisible();
  });

  test('the terms name the configured seller as the Prestataire, not the brand', async () => {
    await page.goto(`${server.url}/cgv`);
    await page.waitForURL(/\/cgu$/);
    await expect(
      page.getByRole('heading', { name: 'Conditions générales de vente', level: 1 }).first(),
    ).toBeVisible();
    // Amounts and « » are written with no-break spaces; the expectations with ordinary ones.
    const text = ((await page.getByRole('main').textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toContain(
      'exploités par Atelier Web Durand SARL, au capital de 10 000 €, 12 rue des Artisans, 69002 Lyon, RCS Lyon 842 153 702 (le « Prestataire »)',
    );
    expect(text).toContain('Le Prestataire est tenu d’une obligation de moyens');
    // The brand stays in the chrome; the company bound by the terms is never written « Coseso ».
    expect(text).not.toMatch(/Coseso (SAS|conçoit|traite|peut)/);
  });
});
