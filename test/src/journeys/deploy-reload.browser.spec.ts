import { type Page, type Route } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { expect, hydrated, test } from '../support/fixtures.js';

let server: AppServer;
let page: Page;

test.beforeEach(({ app, page: testPage }) => {
  server = app;
  page = testPage;
});

/**
 * A deploy while the page is open: every script the page has not loaded yet is gone (404), as the
 * previous build's chunks are after a new one replaces them. `times`: how many times each is refused.
 */
async function deployWhileOpen(page: Page, times: number): Promise<{ refused: string[] }> {
  const loaded = new Set(
    await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    ),
  );
  const refusals = new Map<string, number>();
  const refused: string[] = [];
  await page.route('**/assets/*.js', async (route: Route) => {
    const path = new URL(route.request().url()).pathname;
    const count = refusals.get(path) ?? 0;
    if (loaded.has(path) || count >= times) return route.continue();
    refusals.set(path, count + 1);
    refused.push(path);
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });
  return { refused };
}

const loadsOf = (page: Page) => {
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  return loads;
};

test.describe('a deploy while a page is open', () => {
  test('a chunk that is gone reloads the page once, and the wizard opens instead of an error', async () => {
    await page.goto(server.url);
    await hydrated(page);
    const { refused } = await deployWhileOpen(page, 1);
    const loads = loadsOf(page);

    await page.getByRole('button', { name: 'Commencer', exact: true }).click();
    await page.waitForURL(/\/order-form\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Configuration de votre site' }).first()).toBeVisible();
    await expect(page.getByText('Étape 1 sur 8').first()).toBeVisible();
    expect(refused.length, 'a chunk of the wizard was refused').toBeGreaterThan(0);
    expect(loads, 'the page was reloaded once').toHaveLength(1);
    expect(await page.getByText('Une erreur est survenue').count()).toBe(0);
  });

  test('a chunk still missing after the reload shows the error page, without reloading in a loop', async () => {
    await page.goto(server.url);
    await hydrated(page);
    await deployWhileOpen(page, Number.POSITIVE_INFINITY);
    const loads = loadsOf(page);

    await page.getByRole('button', { name: 'Commencer', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Une erreur est survenue' }).first()).toBeVisible({
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    const shownAfter = loads.length;
    // Ours reloads once; the router also retries once per missing chunk (tanstack_router_reload).
    expect(shownAfter).toBeGreaterThanOrEqual(1);
    expect(shownAfter).toBeLessThanOrEqual(3);
    // Given time to loop, it does not: the error page stays, with its way out.
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Une erreur est survenue' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toBeVisible();
    expect(loads).toHaveLength(shownAfter);
  });
});
