import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { ADMIN } from '../support/journey.js';
import { expect, hydrated, test } from '../support/fixtures.js';

let server: AppServer;
let browser: Browser;
let page: Page;
let errors: string[];

const heroTitle = 'Votre site professionnel, conçu par une équipe française';

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
});
test.beforeEach(async () => {
  page = await browser.newPage({ locale: 'fr-FR' });
  errors = [];
  // A hydration mismatch is a recoverable error: React reports it as an uncaught error or on the console.
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // The session check answers 401 to a visitor: the browser logs it, the page expects it.
    if (message.type() === 'error' && !message.location().url.endsWith('/api/auth/user'))
      errors.push(message.text());
  });
});
test.afterEach(() => page.close());

test.describe('the landing page prerendered at build', () => {
  test('is in the HTML the server sends for /, with no inline script; other pages get the empty shell', async () => {
    const landing = await fetch(`${server.url}/`);
    expect(landing.headers.get('cache-control')).toBe('no-cache');
    const html = await landing.text();
    expect(html).toContain(`<h1 id="hero-title"`);
    expect(html).toContain(heroTitle);
    expect(html).toContain('<div id="root" data-prerendered="/">');
    // The Content-Security-Policy runs scripts from our files only: one, which starts the app after
    // the first frame. The catalogue's figures come as a data block, which no browser runs.
    const scripts = [...html.matchAll(/<script[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag !== '<script type="application/json" id="landing-figures">');
    expect(html).toContain('<script type="application/json" id="landing-figures">{"version":"1",');
    expect(html).not.toContain('@@landing:');
    expect(scripts).toEqual([expect.stringMatching(/ src="\/assets\/landing-boot-\w+\.js"/)]);
    const boot = await (await fetch(`${server.url}${/ src="([^"]+)"/.exec(scripts[0]!)![1]}`)).text();
    expect(boot).toMatch(/"\/assets\/index-[\w-]+\.js"/);

    for (const path of ['/pricing', '/order-form', '/nulle-part']) {
      const shell = await (await fetch(`${server.url}${path}`)).text();
      expect(shell).toContain('<div id="root"></div>');
      expect(shell).not.toContain(heroTitle);
    }
  });

  test('paints without running any script', async () => {
    const context = await browser.newContext({ locale: 'fr-FR', javaScriptEnabled: false });
    const staticPage = await context.newPage();
    await staticPage.goto(`${server.url}/`);
    await expect(staticPage.getByRole('heading', { level: 1, name: heroTitle }).first()).toBeVisible();
    await expect(staticPage.getByRole('button', { name: 'Commencer', exact: true }).first()).toBeVisible();
    await context.close();
  });

  test('is hydrated in place: the prerendered elements stay, with no hydration error', async () => {
    // The title as the browser parsed it from the HTML, before the app's script ran.
    await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
      window.parsedTitle = document.getElementById('hero-title');
    })`);
    await page.goto(`${server.url}/`);
    const start = page.getByRole('button', { name: 'Commencer', exact: true });
    await expect(start.first()).toBeVisible();
    await hydrated(page);
    expect(errors).toEqual([]);
    // A mismatch makes React draw the page afresh: new elements replace the parsed ones.
    expect(await page.evaluate(`document.getElementById('hero-title') === window.parsedTitle`)).toBe(true);
    expect(await page.title()).toBe('Coseso · Votre site internet professionnel, 100 % en ligne');
    expect(await page.locator('title').count()).toBe(1);
  });

  test('starts an order from a click made before the script has run', async () => {
    // The app's script never arrives on the landing page: its buttons fall back to a plain form.
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) =>
      new URL(route.request().frame().url()).pathname === '/' ? route.abort() : route.continue(),
    );
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Commencer', exact: true }).click();
    await page.waitForURL(/\/order-form\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Étape 1 sur 8').first()).toBeVisible();
    const orderId = page.url().split('/').pop()!;
    const { rows } = await server.db.query(
      `select type, data->>'source' as source from "${server.schema}".events where stream_id = $1`,
      [`order-${orderId}`],
    );
    expect(rows).toEqual([{ type: 'OrderDraftCreated', source: 'landing' }]);
  });

  // Last: it publishes a version, which every later visit would read.
  test('shows the catalogue version in force: a price raised in version 2 is on / at once, in the HTML and once hydrated', async () => {
    const { token } = (await (
      await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
    ).json()) as { token: string };
    const published = await fetch(`${server.url}/api/admin/catalogue/versions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        changes: [{ kind: 'templatePrice', template: 'onepage', monthlyBaseHT: 3_200, launchFeeHT: 8_900 }],
        reason: 'Hausse des coûts',
      }),
    });
    expect(published.status).toBe(201);

    // Without any script: the figures are in the page the server sends.
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('{"version":"2",');
    const context = await browser.newContext({ locale: 'fr-FR', javaScriptEnabled: false });
    const staticPage = await context.newPage();
    await staticPage.goto(`${server.url}/`);
    const staticCard = staticPage.locator('#tarifs li').filter({ hasText: 'Site Vitrine' }).first();
    await expect(staticCard).toContainText(/384\s€\sHT\s\/\san/);
    await expect(staticCard).toContainText(/89\s€\sHT de frais de mise en service/);
    // The simulation is of the Site Vitrine: 384 € HT, 460,80 € TTC a year.
    await expect(staticPage.getByRole('table')).toContainText(/460,80\s€\sTTC/);
    await context.close();

    // Hydrated, the same figures, with no mismatch.
    await page.goto(`${server.url}/`);
    await hydrated(page);
    const card = page.locator('#tarifs li').filter({ hasText: 'Site Vitrine' }).first();
    await expect(card).toContainText(/384\s€\sHT\s\/\san/);
    await expect(page.getByRole('table')).toContainText(/460,80\s€\sTTC/);
    expect(errors).toEqual([]);

    // Reached from another page of the app (its shell holds no figures), the page reads them then.
    const fresh = await browser.newPage({ locale: 'fr-FR' });
    await fresh.goto(`${server.url}/pricing`);
    await fresh.getByRole('link', { name: 'Coseso' }).first().click();
    await expect(fresh.locator('#tarifs li').filter({ hasText: 'Site Vitrine' }).first()).toContainText(
      /384\s€\sHT\s\/\san/,
    );
    await fresh.close();
  });
});
