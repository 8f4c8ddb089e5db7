import { type Browser, type Page } from 'playwright-core';
import { type AppServer } from '../support/app-server.js';
import { visible } from '../support/eventually.js';
import { startJourney, stopJourney } from '../support/journey.js';

let server: AppServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser } = await startJourney({
    SELLER_NAME: 'Atelier Web Durand',
    SELLER_LEGAL_FORM: 'SARL',
    LEGAL_HOST_NAME: 'Hébergeur Exemple SAS',
    LEGAL_HOST_ADDRESS: '1 rue du Serveur, 59100 Roubaix',
  }));
  page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
});
afterAll(async () => {
  await stopJourney({ server, browser });
});

describe('the legal pages', () => {
  it('are linked from the footer and say who publishes, hosts and processes, from the configuration', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' }).click();
    await page.waitForURL(/\/mentions-legales$/);
    await visible(page.getByRole('heading', { name: 'Mentions légales', level: 1 }));
    const main = page.getByRole('main');
    await visible(main.getByText('Atelier Web Durand SARL, au capital de 10 000 €'));
    await visible(main.getByText('SIREN : 842 153 702 · SIRET : 84215370200019'));
    await visible(main.getByText('RCS Lyon 842 153 702'));
    await visible(main.getByText('Hébergeur Exemple SAS'));
    await visible(main.getByText('1 rue du Serveur, 59100 Roubaix'));

    await page.goto(`${server.url}/privacy`);
    await page.waitForURL(/\/politique-confidentialite$/);
    await visible(page.getByRole('heading', { name: 'Politique de confidentialité', level: 1 }));
    await visible(page.getByRole('main').getByText(/conservées 5 ans après la fin du contrat/));
    await visible(page.getByRole('main').getByText(/droit d’accès, de rectification, d’effacement/));
    await visible(
      page.getByRole('main').getByText(/Atelier Web Durand SARL, 12 rue des Artisans, 69002 Lyon/),
    );
  }, 60_000);

  it('the terms name the configured seller as the Prestataire, not the brand', async () => {
    await page.goto(`${server.url}/cgv`);
    await page.waitForURL(/\/cgu$/);
    await visible(page.getByRole('heading', { name: 'Conditions générales d’utilisation', level: 1 }));
    // Amounts and « » are written with no-break spaces; the expectations with ordinary ones.
    const text = ((await page.getByRole('main').textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toContain(
      'exploités par Atelier Web Durand SARL, au capital de 10 000 €, 12 rue des Artisans, 69002 Lyon, RCS Lyon 842 153 702 (le « Prestataire »)',
    );
    expect(text).toContain('Le Prestataire est tenu d’une obligation de moyens');
    // The brand stays in the chrome; the company bound by the terms is never written « Coseso ».
    expect(text).not.toMatch(/Coseso (SAS|conçoit|traite|peut)/);
  }, 60_000);
});
