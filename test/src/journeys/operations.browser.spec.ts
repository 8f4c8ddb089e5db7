import { randomUUID } from 'node:crypto';
import { allProjectors } from '@coseso/projections/all-projectors';
import { type Browser, type Page } from 'playwright-core';
import { type AppServer } from '../support/app-server.js';
import { eventually, visible } from '../support/eventually.js';
import { completedOrder, signInToBackOffice, startJourney, stopJourney } from '../support/journey.js';

let server: AppServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser } = await startJourney());
  page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  await signInToBackOffice(page, server);
  await visible(page.getByRole('heading', { name: 'Espace Admin', level: 1 }));
}, 120_000);
afterAll(async () => {
  await stopJourney({ server, browser });
});

/** The back-office list as the API answers it, with the token the page signed in with. */
async function listOrders(): Promise<{ status: number; count: number }> {
  const token = await page.evaluate<string | null>("localStorage.getItem('admin-token')");
  const response = await fetch(`${server.url}/api/orders?limit=500`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, count: response.ok ? ((await response.json()) as unknown[]).length : -1 };
}

describe("the operators' page", () => {
  it('rebuilds a read model, then all of them, with live progress, while the order list keeps answering', async () => {
    for (let n = 1; n <= 4; n++) await completedOrder(server, { companyName: `Boulangerie ${n}` });

    await page.goto(`${server.url}/admin/operations`);
    await visible(page.getByRole('heading', { name: 'Opérations', level: 1 }));

    const projections = page.getByRole('region', { name: 'Modèles de lecture' });
    const orderViews = projections.locator('tr[data-projector="order-views"]');
    await eventually(
      async () => (await orderViews.textContent())?.includes('À jour') ?? false,
      'order-views is caught up',
      15_000,
    );
    await visible(orderViews.getByText('En service'));
    await visible(page.getByRole('region', { name: 'Tâches en échec' }).getByText('Aucune tâche en échec.'));
    expect(await page.getByTestId('operations-banner').count()).toBe(0);
    const ordered = (await listOrders()).count;
    expect(ordered).toBeGreaterThanOrEqual(4);

    // While the rebuild runs, the list keeps answering, whole.
    const answers: { status: number; count: number }[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) answers.push(await listOrders());
    })();

    await page.getByRole('button', { name: 'Reconstruire « Commandes (liste et détail) »' }).click();
    const progress = page.getByTestId('rebuild-progress');
    await visible(progress);
    await visible(
      progress.getByText(/Reconstruction terminée : « Commandes \(liste et détail\) », \d+ événements/),
      30_000,
    );

    await page.getByRole('button', { name: 'Tout reconstruire', exact: true }).click();
    await visible(
      progress.getByText(
        `Reconstruction terminée : toutes les données (${allProjectors.length} modèles de lecture)`,
        { exact: false },
      ),
      60_000,
    );
    watching = false;
    await watcher;

    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 200 && a.count === ordered)).toBe(true);
    await visible(orderViews.getByText('En service'));
  }, 180_000);

  it('warns across the back-office when a projector has stopped, and shows why in full', async () => {
    // An event no projector knows, written straight into the log: the order views stop on it.
    const poison = randomUUID();
    await server.db.query(
      `insert into "${server.schema}".events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
       values ($1, 0, $2, 'OrderVanished', 1, '{}', '{}')`,
      [`order-${randomUUID()}`, poison],
    );
    await completedOrder(server, { companyName: 'Après le poison' }); // its append wakes the projectors
    await page.goto(`${server.url}/admin`);
    const banner = page.getByTestId('operations-banner');
    await visible(banner, 20_000);
    await visible(banner.getByText(/« Commandes \(liste et détail\) » est arrêté sur l'événement n° \d+/));

    await banner.getByRole('link', { name: 'Voir les opérations' }).click();
    await page.waitForURL(/\/admin\/operations$/);
    // The order views and the timeline both stop on it.
    const stopped = page.getByRole('alert').filter({ hasText: "Arrêté sur l'événement" }).first();
    await visible(stopped);
    expect(await stopped.textContent()).toContain('OrderVanished');

    // A rebuild meets the same event: it fails, and says why in full.
    await page.getByRole('button', { name: 'Reconstruire « Commandes (liste et détail) »' }).click();
    const failure = page.getByTestId('rebuild-progress').getByRole('alert');
    await visible(failure, 30_000);
    expect(await failure.textContent()).toContain('a échoué');
    expect(await failure.textContent()).toMatch(/OrderVanished[\s\S]*\n\s+at /);

    // Once the cause is gone, rebuilding every read model brings them back and the banner goes.
    await server.db.query(`delete from "${server.schema}".events where event_id = $1`, [poison]);
    await page.getByRole('button', { name: 'Tout reconstruire', exact: true }).click();
    await visible(page.getByTestId('rebuild-progress').getByText(/Reconstruction terminée/), 30_000);
    await eventually(async () => (await banner.count()) === 0, 'the banner is gone', 15_000);
  }, 120_000);
});
