import { type Browser, type Page } from 'playwright-core';
import { type AppServer } from '../support/app-server.js';
import { eventually, visible } from '../support/eventually.js';
import { completedOrder, signInToBackOffice, startJourney, stopJourney } from '../support/journey.js';
import { orderAdminOf } from '../support/order-admin.js';

let server: AppServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser } = await startJourney());
  page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
});
afterAll(async () => {
  await stopJourney({ server, browser });
});

describe('the back-office order list', () => {
  it('searches, filters and pages the orders, with every filter in the URL', async () => {
    for (let n = 1; n <= 11; n++)
      await completedOrder(server, {
        companyName: `Boulangerie ${n}`,
        contactEmail: `boulangerie${n}@exemple.fr`,
      });
    const florist = await completedOrder(server, {
      companyName: 'Fleuriste Rose',
      companySector: 'Fleurs',
      contactEmail: 'rose@fleuriste.example',
      selectedTemplate: 'portfolio',
    });

    await signInToBackOffice(page, server);

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

    // The order of the list, kept in the URL: the newest first, then by client name across pages.
    await page.getByLabel('Trier par').selectOption({ label: 'Plus récentes' });
    await page.waitForURL(/\/admin\?sort=recent$/);
    await eventually(
      async () => (await rows.first().textContent())?.includes('Fleuriste Rose') ?? false,
      'the newest order first',
    );
    await page.getByLabel('Trier par').selectOption({ label: 'Nom du client, de A à Z' });
    await page.waitForURL(/\/admin\?sort=client$/);
    await eventually(
      async () => (await rows.first().textContent())?.includes('Boulangerie 1') ?? false,
      'Boulangerie 1 first',
    );
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await page.waitForURL(/\/admin\?sort=client&page=2$/);
    await eventually(
      async () => (await rows.last().textContent())?.includes('Fleuriste Rose') ?? false,
      'Fleuriste Rose last, on page 2',
    );
    await page.reload();
    expect(await page.getByLabel('Trier par').inputValue()).toBe('client');

    await page.goto(`${server.url}/admin?page=abc&status=nope`);
    await eventually(async () => (await rows.count()) === 10, 'bad params fall back to the first page');
  }, 90_000);

  it('flags an order whose emails failed on its list card and its board card, in words for screen readers too', async () => {
    const orderId = await completedOrder(server, {
      companyName: 'Traiteur Sans Boîte',
      contactEmail: 'traiteur@exemple.fr',
    });
    const admin = await orderAdminOf(server);
    try {
      await admin.recordEmailFailure(orderId, 'traiteur@exemple.fr');
    } finally {
      await admin.close();
    }

    await page.goto(`${server.url}/admin?search=traiteur`);
    const card = page.getByRole('list', { name: 'Liste des commandes' }).getByRole('listitem');
    await visible(card.getByText('E-mails en échec'));
    expect(await card.getByText(/: 1 e-mail non remis au client/).count()).toBe(1);
    // An order without failures has no badge.
    await page.goto(`${server.url}/admin?search=FLEURS`);
    await visible(page.getByText('Fleuriste Rose'));
    expect(await page.getByText('E-mails en échec').count()).toBe(0);

    await page.goto(`${server.url}/admin?view=board`);
    const boardCard = page.locator(`[data-order-id="${orderId}"]`);
    await visible(boardCard.getByText('E-mails en échec'));
    expect(await boardCard.getByText(/: 1 e-mail non remis au client/).count()).toBe(1);
  }, 60_000);
});
