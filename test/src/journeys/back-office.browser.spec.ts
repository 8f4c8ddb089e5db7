import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { completedOrder, signInToBackOffice } from '../support/journey.js';
import { orderAdminOf } from '../support/order-admin.js';
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
});
test.describe('the back-office order list', () => {
  test('searches, filters and pages the orders, with every filter in the URL', async () => {
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
    await expect(count, 'the 12 orders are listed').toHaveText('12 commandes', { timeout: 60_000 });
    expect(await rows.count()).toBe(10);

    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await page.waitForURL(/\/admin\?page=2$/);
    await expect(rows, 'page 2 shows the last 2').toHaveCount(2);
    await expect(page.getByText('Page 2 sur 2').first()).toBeVisible();

    await page.getByLabel('Rechercher').fill('FLEURS');
    await page.waitForURL(/\/admin\?search=FLEURS$/);
    await expect(count, 'the search finds the florist').toHaveText('1 commande');
    await expect(rows.getByText('Fleuriste Rose').first()).toBeVisible();

    await page.getByLabel('Rechercher').fill(florist.slice(-12));
    await expect(count, 'the search finds an id').toHaveText('1 commande');

    await page.goto(`${server.url}/admin?template=portfolio&status=delivered`);
    await expect(count, 'no delivered portfolio').toHaveText('0 commande');
    expect(await page.getByLabel('Template').inputValue()).toBe('portfolio');
    await page.getByLabel('Statut').selectOption({ label: 'Tous les statuts' });
    await page.waitForURL(/\/admin\?template=portfolio$/);
    await expect(count, 'the portfolio order').toHaveText('1 commande');

    await page.getByRole('button', { name: 'Réinitialiser', exact: true }).click();
    await page.waitForURL(/\/admin$/);
    await expect(count, 'every order again').toHaveText('12 commandes');

    // The order of the list, kept in the URL: the newest first, then by client name across pages.
    await page.getByLabel('Trier par').selectOption({ label: 'Plus récentes' });
    await page.waitForURL(/\/admin\?sort=recent$/);
    await expect(rows.first(), 'the newest order first').toContainText('Fleuriste Rose');
    await page.getByLabel('Trier par').selectOption({ label: 'Nom du client, de A à Z' });
    await page.waitForURL(/\/admin\?sort=client$/);
    await expect(rows.first(), 'Boulangerie 1 first').toContainText('Boulangerie 1');
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await page.waitForURL(/\/admin\?sort=client&page=2$/);
    await expect(rows.last(), 'Fleuriste Rose last, on page 2').toContainText('Fleuriste Rose');
    await page.reload();
    expect(await page.getByLabel('Trier par').inputValue()).toBe('client');

    await page.goto(`${server.url}/admin?page=abc`);
    await expect(rows, 'a bad page falls back to the first page').toHaveCount(10);
    // A filter the list does not know is said, never dropped: nothing is listed as if unfiltered.
    await page.goto(`${server.url}/admin?status=nope`);
    await expect(
      page.getByRole('alert').filter({ hasText: "Le statut « nope » n'existe pas" }),
    ).toBeVisible();
    await expect(rows).toHaveCount(0);
  });

  test('flags an order whose emails failed on its list card and its board card, in words for screen readers too', async () => {
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
    await expect(card.getByText('E-mails en échec').first()).toBeVisible();
    expect(await card.getByText(/: 1 e-mail non remis au client/).count()).toBe(1);
    // An order without failures has no badge.
    await page.goto(`${server.url}/admin?search=FLEURS`);
    await expect(page.getByText('Fleuriste Rose').first()).toBeVisible();
    expect(await page.getByText('E-mails en échec').count()).toBe(0);

    await page.goto(`${server.url}/admin?view=board`);
    const boardCard = page.locator(`[data-order-id="${orderId}"]`);
    await expect(boardCard.getByText('E-mails en échec').first()).toBeVisible();
    expect(await boardCard.getByText(/: 1 e-mail non remis au client/).count()).toBe(1);
  });
});
