import { randomUUID } from 'node:crypto';
import { allProjectors } from '@coseso/projections/all-projectors';
import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { callApi, completedOrder, signInToBackOffice } from '../support/journey.js';
import { expect, sharedPage, test } from '../support/fixtures.js';

// Serial: its tests follow one another on the same page and orders.
test.describe.configure({ mode: 'serial' });

let server: AppServer;
let browser: Browser;
let page: Page;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
  page = await sharedPage(browser);
  await signInToBackOffice(page, server);
  await expect(page.getByRole('heading', { name: 'Espace Admin', level: 1 }).first()).toBeVisible();
});
/** The back-office list as the API answers it, with the token the page signed in with. */
async function listOrders(): Promise<{ status: number; count: number }> {
  const token = await page.evaluate<string | null>("localStorage.getItem('admin-token')");
  const response = await fetch(`${server.url}/api/orders?limit=500`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, count: response.ok ? ((await response.json()) as unknown[]).length : -1 };
}

test.describe("the operators' page", () => {
  test('rebuilds a read model, then all of them, with live progress, while the order list keeps answering', async () => {
    test.setTimeout(180_000);
    for (let n = 1; n <= 4; n++) await completedOrder(server, { companyName: `Boulangerie ${n}` });

    await page.goto(`${server.url}/admin/operations`);
    await expect(page.getByRole('heading', { name: 'Opérations', level: 1 }).first()).toBeVisible();

    const projections = page.getByRole('region', { name: 'Modèles de lecture' });
    const orderViews = projections.locator('tr[data-projector="order-views"]');
    await expect(orderViews, 'order-views is caught up').toContainText('À jour', { timeout: 60_000 });
    await expect(orderViews.getByText('En service').first()).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Tâches en échec' }).getByText('Aucune tâche en échec.').first(),
    ).toBeVisible();
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
    await expect(progress.first()).toBeVisible();
    await expect(
      progress
        .getByText(/Reconstruction terminée : « Commandes \(liste et détail\) », \d+ événements/)
        .first(),
    ).toBeVisible({ timeout: 60_000 });

    await page.getByRole('button', { name: 'Tout reconstruire', exact: true }).click();
    await expect(
      progress
        .getByText(
          `Reconstruction terminée : toutes les données (${allProjectors.length} modèles de lecture)`,
          { exact: false },
        )
        .first(),
    ).toBeVisible({ timeout: 60_000 });
    watching = false;
    await watcher;

    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 200 && a.count === ordered)).toBe(true);
    await expect(orderViews.getByText('En service').first()).toBeVisible();
  });

  test('warns across the back-office when a projector has stopped, and shows why in full', async () => {
    // An event no projector knows, written straight into the log: the order views stop on it.
    const poison = randomUUID();
    await server.db.query(
      `insert into "${server.schema}".events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
       values ($1, 0, $2, 'OrderVanished', 1, '{}', '{}')`,
      [`order-${randomUUID()}`, poison],
    );
    // An append wakes the projectors (not completedOrder: it waits for read models that stop here).
    await callApi(server, 'POST', '/api/create-order', {});
    await page.goto(`${server.url}/admin`);
    const banner = page.getByTestId('operations-banner');
    await expect(banner.first()).toBeVisible({ timeout: 60_000 });
    await expect(
      banner.getByText(/« Commandes \(liste et détail\) » est arrêté sur l'événement n° \d+/).first(),
    ).toBeVisible();

    await banner.getByRole('link', { name: 'Voir les opérations' }).click();
    await page.waitForURL(/\/admin\/operations$/);
    // The order views and the timeline both stop on it.
    const stopped = page.getByRole('alert').filter({ hasText: "Arrêté sur l'événement" }).first();
    await expect(stopped.first()).toBeVisible();
    expect(await stopped.textContent()).toContain('OrderVanished');

    // A rebuild meets the same event: it fails, and says why in full.
    await page.getByRole('button', { name: 'Reconstruire « Commandes (liste et détail) »' }).click();
    const failure = page.getByTestId('rebuild-progress').getByRole('alert');
    await expect(failure.first()).toBeVisible({ timeout: 60_000 });
    expect(await failure.textContent()).toContain('a échoué');
    expect(await failure.textContent()).toMatch(/OrderVanished[\s\S]*\n\s+at /);

    // Once the cause is gone, rebuilding every read model brings them back and the banner goes.
    await server.db.query(`delete from "${server.schema}".events where event_id = $1`, [poison]);
    await page.getByRole('button', { name: 'Tout reconstruire', exact: true }).click();
    await expect(
      page
        .getByTestId('rebuild-progress')
        .getByText(/Reconstruction terminée/)
        .first(),
    ).toBeVisible({ timeout: 60_000 });
    await expect(banner, 'the banner is gone').toHaveCount(0, { timeout: 60_000 });
  });
});
