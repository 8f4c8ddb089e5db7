import { completeForm } from '@coseso/backend/testing/order-journey';
import { type Browser, type Page } from 'playwright-core';
import { type AppServer, startAppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { eventually, visible } from '../support/eventually.js';

const ADMIN = { email: 'admin@coseso.test', password: 'secret-du-back-office' };

let server: AppServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startAppServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
  page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

async function completedOrder(overrides: Record<string, unknown>): Promise<string> {
  const { orderId } = await post<{ orderId: string }>('/api/create-order', {});
  await post(`/api/orders/${orderId}/complete`, completeForm(overrides));
  return orderId;
}

describe('the back-office order list', () => {
  it('searches, filters and pages the orders, with every filter in the URL', async () => {
    for (let n = 1; n <= 11; n++)
      await completedOrder({ companyName: `Boulangerie ${n}`, contactEmail: `boulangerie${n}@exemple.fr` });
    const florist = await completedOrder({
      companyName: 'Fleuriste Rose',
      companySector: 'Fleurs',
      contactEmail: 'rose@fleuriste.example',
      selectedTemplate: 'portfolio',
    });

    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();

    const list = page.getByRole('list', { name: 'Liste des commandes' });
    const count = page.getByRole('status').filter({ hasText: /commandes?$/ });
    const rows = list.getByRole('listitem');
    await eventually(
      async () => (await count.textContent()) === '12 commandes',
      'the 12 orders are listed',
      10_000,
    );
    expect(await rows.count()).toBe(10);

    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await page.waitForURL(/\/admin\?page=2$/);
    await eventually(async () => (await rows.count()) === 2, 'page 2 shows the last 2');
    await visible(page.getByText('Page 2 sur 2'));

    await page.getByLabel('Rechercher').fill('FLEURS');
    await page.waitForURL(/\/admin\?search=FLEURS$/);
    await eventually(
      async () => (await count.textContent()) === '1 commande',
      'the search finds the florist',
    );
    await visible(rows.getByText('Fleuriste Rose'));

    await page.getByLabel('Rechercher').fill(florist.slice(-12));
    await eventually(async () => (await count.textContent()) === '1 commande', 'the search finds an id');

    await page.goto(`${server.url}/admin?template=portfolio&status=delivered`);
    await eventually(async () => (await count.textContent()) === '0 commande', 'no delivered portfolio');
    expect(await page.getByLabel('Template').inputValue()).toBe('portfolio');
    await page.getByLabel('Statut').selectOption({ label: 'Tous les statuts' });
    await page.waitForURL(/\/admin\?template=portfolio$/);
    await eventually(async () => (await count.textContent()) === '1 commande', 'the portfolio order');

    await page.getByRole('button', { name: 'Réinitialiser', exact: true }).click();
    await page.waitForURL(/\/admin$/);
    await eventually(async () => (await count.textContent()) === '12 commandes', 'every order again');

    await page.goto(`${server.url}/admin?page=abc&status=nope`);
    await eventually(async () => (await rows.count()) === 10, 'bad params fall back to the first page');
  }, 90_000);
});
