import { type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { expect, hydrated, test } from '../support/fixtures.js';

let server: AppServer;
let page: Page;

test.beforeEach(({ app, page: testPage }) => {
  server = app;
  page = testPage;
});

test.describe('starting an order from the landing page', () => {
  test('creates the order, opens the wizard on step 1, and the order is in the event log and the read model', async () => {
    await page.goto(server.url);
    // Prerendered: the button is on screen before React hydrates it, and a click before that is lost.
    await hydrated(page);
    await page.getByRole('button', { name: 'Commencer', exact: true }).click();

    await page.waitForURL(/\/order-form\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: 'Configuration de votre site' }).first()).toBeVisible();
    await expect(page.getByText('Étape 1 sur 8').first()).toBeVisible();

    const { rows: events } = await server.db.query(
      `select type, data from "${server.schema}".events where stream_id = $1 order by stream_revision`,
      [`order-${orderId}`],
    );
    expect(events).toEqual([
      { type: 'OrderDraftCreated', data: expect.objectContaining({ orderId, source: 'landing' }) },
    ]);
    const orderNumber = events[0].data.orderNumber as number;
    await expect(page.getByText(`Commande #${orderNumber}`).first()).toBeVisible();

    const { rows: summary } = await server.db.query(
      `select status, order_number from "${server.schema}".order_summary where order_id = $1`,
      [orderId],
    );
    expect(summary).toEqual([{ status: 'pending', order_number: orderNumber }]);
  });

  test('says "Préparation..." while the order is being created, then shows the error toast and re-enables the button on failure', async () => {
    let release: () => void = () => {};
    await page.route('**/api/create-order', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"indisponible"}',
      });
    });
    await page.goto(server.url);
    // The pending label and the toast are the live page's: before hydration the button submits a plain form.
    await hydrated(page);
    await page.getByRole('button', { name: 'Créer mon site' }).click();

    await expect(page.getByRole('button', { name: 'Préparation...' })).toBeDisabled();
    release();
    await expect(
      page.getByText('Impossible de créer la commande. Veuillez réessayer.').first(),
    ).toBeVisible();
    await expect(page.getByText('Erreur', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Créer mon site' })).toBeEnabled();
    expect(page.url()).toBe(`${server.url}/`);
  });

  test('shows "Commande introuvable" for an order that does not exist', async () => {
    await page.goto(`${server.url}/order-form/3f1c6a53-8a1b-4c1d-9e8f-0a1b2c3d4e5f`);
    await expect(page.getByRole('heading', { name: 'Commande introuvable' }).first()).toBeVisible();
    await expect(
      page.getByText("Cette commande n'existe pas ou n'est pas accessible.").first(),
    ).toBeVisible();
  });

  test('serves the not-found page for an unknown address', async () => {
    await page.goto(`${server.url}/nulle-part`);
    await expect(page.getByRole('heading', { name: 'Page introuvable' }).first()).toBeVisible();
  });

  test('sends the SPA compressed', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    const home = await fetch(`${server.url}/`, { headers: gzip });
    expect(home.headers.get('content-encoding')).toBe('gzip');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await home.text())![1]!;
    const asset = await fetch(`${server.url}${script}`, { headers: gzip });
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });
});
