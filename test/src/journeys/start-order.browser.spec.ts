import { type Page } from 'playwright-core';
import { type AppServer } from '../support/app-server.js';
import { disabled, enabled, hydrated, visible } from '../support/eventually.js';
import { freshPagePerTest } from '../support/journey.js';

let server: AppServer;
let page: Page;

freshPagePerTest((journey) => ({ server, page } = journey));

describe('starting an order from the landing page', () => {
  it('creates the order, opens the wizard on step 1, and the order is in the event log and the read model', async () => {
    await page.goto(server.url);
    // Prerendered: the button is on screen before React hydrates it, and a click before that is lost.
    await hydrated(page);
    await page.getByRole('button', { name: 'Commencer', exact: true }).click();

    await page.waitForURL(/\/order-form\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').pop()!;
    await visible(page.getByRole('heading', { name: 'Configuration de votre site' }));
    await visible(page.getByText('Étape 1 sur 8'));

    const { rows: events } = await server.db.query(
      `select type, data from "${server.schema}".events where stream_id = $1 order by stream_revision`,
      [`order-${orderId}`],
    );
    expect(events).toEqual([
      { type: 'OrderDraftCreated', data: expect.objectContaining({ orderId, source: 'landing' }) },
    ]);
    const orderNumber = events[0].data.orderNumber as number;
    await visible(page.getByText(`Commande #${orderNumber}`));

    const { rows: summary } = await server.db.query(
      `select status, order_number from "${server.schema}".order_summary where order_id = $1`,
      [orderId],
    );
    expect(summary).toEqual([{ status: 'pending', order_number: orderNumber }]);
  });

  it('says "Préparation..." while the order is being created, then shows the error toast and re-enables the button on failure', async () => {
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

    await disabled(page.getByRole('button', { name: 'Préparation...' }));
    release();
    await visible(page.getByText('Impossible de créer la commande. Veuillez réessayer.'));
    await visible(page.getByText('Erreur', { exact: true }));
    await enabled(page.getByRole('button', { name: 'Créer mon site' }));
    expect(page.url()).toBe(`${server.url}/`);
  });

  it('shows "Commande introuvable" for an order that does not exist', async () => {
    await page.goto(`${server.url}/order-form/3f1c6a53-8a1b-4c1d-9e8f-0a1b2c3d4e5f`);
    await visible(page.getByRole('heading', { name: 'Commande introuvable' }));
    await visible(page.getByText("Cette commande n'existe pas ou n'est pas accessible."));
  });

  it('serves the not-found page for an unknown address', async () => {
    await page.goto(`${server.url}/nulle-part`);
    await visible(page.getByRole('heading', { name: 'Page introuvable' }));
  });

  it('sends the SPA compressed', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    const home = await fetch(`${server.url}/`, { headers: gzip });
    expect(home.headers.get('content-encoding')).toBe('gzip');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await home.text())![1]!;
    const asset = await fetch(`${server.url}${script}`, { headers: gzip });
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });
});
