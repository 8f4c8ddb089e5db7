import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Locator, type Page } from '@playwright/test';
import { type AppServer, repoRoot } from '../support/app-server.js';
import { callApi, completedOrder, orderProjected, signInToBackOffice } from '../support/journey.js';
import { orderAdminOf } from '../support/order-admin.js';
import { expect, sharedPage, test } from '../support/fixtures.js';

// Serial: its tests follow one another on the same orders.
test.describe.configure({ mode: 'serial' });

// The closing note's screenshots, committed: the viewport only, at 1280×720.
const SCREENS = join(repoRoot, 'docs', 'screenshots');

let server: AppServer;
let browser: Browser;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
});

/** An order whose first payment failed at the sandbox: its client's move, with a failure to show. */
async function orderWithFailedPayment(companyName: string): Promise<string> {
  const orderId = await completedOrder(server, { companyName, contactEmail: 'echec@exemple.fr' });
  const { body } = await callApi<{ paymentUrl: string }>(
    server,
    'POST',
    `/api/orders/${orderId}/payment-annual`,
  );
  await callApi(server, 'POST', `/api/sandbox/checkout/${body.paymentUrl.split('/').pop()}/fail`);
  await orderProjected(server, orderId);
  return orderId;
}

/** Every badge of the board card ends inside it: none spills over the card's right edge. */
async function expectBadgesInside(card: Locator): Promise<void> {
  const box = (await card.boundingBox())!;
  for (const badge of await card.locator('span.rounded-full').all()) {
    const b = (await badge.boundingBox())!;
    expect(b.x + b.width, 'the badge ends inside its card').toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
}

const count = (page: Page) => page.getByRole('status').filter({ hasText: /^\d+ commandes?/ });
const cards = (page: Page) => page.getByRole('list', { name: 'Liste des commandes' }).getByRole('listitem');

test.describe('the team’s day: views, the next step by actor, a failed payment', () => {
  test('seeds orders at each side of the move', async () => {
    test.setTimeout(240_000);
    const admin = await orderAdminOf(server);
    try {
      for (const name of ['Atelier Bois', 'Atelier Verre', 'Atelier Fer'])
        await completedOrder(server, { companyName: name });
      for (const name of ['Studio Lune', 'Studio Soleil']) {
        const id = await completedOrder(server, { companyName: name });
        await admin.run(id, {
          type: 'CorrectStatus',
          to: 'contract_signed',
          reason: 'Contrat signé sur papier',
        });
      }
      const cancelled = await completedOrder(server, { companyName: 'Maison Annulée' });
      await admin.run(
        cancelled,
        { type: 'CorrectStatus', to: 'contract_signed', reason: 'Contrat signé sur papier' },
        { type: 'CancelOrder', reason: 'Le client renonce' },
      );
    } finally {
      await admin.close();
    }
    await orderWithFailedPayment('Café Refusé');
  });

  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    test(`at ${width}×${height}: every status filters, the saved views count and list, an unknown filter is said`, async () => {
      const page = await sharedPage(browser, { viewport: { width, height } });
      await signInToBackOffice(page, server);

      // « Annulé » is a status of the filter like the others, from the URL too.
      await page.goto(`${server.url}/admin?status=cancelled`);
      await expect(count(page)).toHaveText('1 commande');
      await expect(cards(page).first()).toContainText('Maison Annulée');
      await expect(cards(page).first()).toContainText('Annulée');
      const statuses = page.getByLabel('Statut').locator('option');
      await expect(statuses).toHaveCount(13 + 2); // every status, « Tous les statuts » and « Brouillons »

      // A filter the list does not know is said, in French, and nothing is listed as if it were not there.
      await page.goto(`${server.url}/admin?status=annule`);
      const alert = page.getByRole('alert').filter({ hasText: "n'est pas reconnu" });
      await expect(alert).toContainText("Le statut « annule » n'existe pas");
      await expect(alert).toContainText('Annulé (cancelled)');
      await expect(cards(page)).toHaveCount(0);
      await alert.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
      await page.waitForURL(/\/admin$/);
      await expect(count(page)).toHaveText('7 commandes');

      // « À traiter »: the team's moves, each « À faire », with its count in the header too.
      const views = page.getByRole('group', { name: 'Vues enregistrées' });
      await expect(views.getByRole('button', { name: /^À traiter 2$/ })).toBeVisible();
      await expect(views.getByRole('button', { name: /^En attente du client 4$/ })).toBeVisible();
      await expect(views.getByRole('button', { name: /^Paiements en échec 1$/ })).toBeVisible();
      await expect(views.getByRole('button', { name: /^Annulées 1$/ })).toBeVisible();
      await expect(
        page
          .getByRole('navigation', { name: 'Back-office' })
          .getByRole('link', { name: /À traiter 2 commandes/ }),
      ).toBeVisible();
      await views.getByRole('button', { name: /^À traiter/ }).click();
      await page.waitForURL(/\/admin\?queue=team$/);
      await expect(count(page)).toContainText('2 commandes · À traiter');
      for (const card of await cards(page).all()) {
        await expect(card).toContainText("À faire : Ouvrir le brief · depuis aujourd'hui");
        await expect(card).toContainText(/\d\s€\sTTC\sla 1re année/);
      }

      // « En attente du client »: never « À faire ».
      await views.getByRole('button', { name: /^En attente du client/ }).click();
      await page.waitForURL(/\/admin\?queue=client$/);
      await expect(count(page)).toContainText('4 commandes');
      await expect(cards(page).filter({ hasText: 'À faire' })).toHaveCount(0);
      await expect(cards(page).filter({ hasText: "En attente du client : payer l'acompte" })).toHaveCount(4);

      // « Paiements en échec »: the card says so; the panel says what failed, when, and why.
      await views.getByRole('button', { name: /^Paiements en échec/ }).click();
      await page.waitForURL(/\/admin\?queue=payment_failed$/);
      await expect(count(page)).toContainText('1 commande');
      const failed = cards(page).first();
      await expect(failed).toContainText('Café Refusé');
      await expect(failed).toContainText(/Paiement en échec le \d+/);
      await failed.getByRole('button').first().click();
      const panel = page.getByRole('region', { name: 'Café Refusé' });
      const failure = panel.getByRole('alert').filter({ hasText: 'Paiement en échec' });
      await expect(failure).toContainText(
        /Acompte de 50 % : le paiement a échoué \(refusé ou abandonné\), le \d+/,
      );
      await expect(panel).toContainText("En attente du client : payer l'acompte");
      await expect(panel.getByText('À faire', { exact: false })).toHaveCount(0);
      await page.close();
    });
  }

  test('the list and the panel side by side: the panel in view without scrolling, in parts to jump to', async () => {
    for (const [width, height] of [
      [1280, 720],
      [1440, 900],
    ] as const) {
      const page = await sharedPage(browser, { viewport: { width, height } });
      await signInToBackOffice(page, server);
      await page.goto(`${server.url}/admin?queue=team`);
      await cards(page).first().getByRole('button').first().click();
      const panel = page.locator('[data-order-panel]');
      await expect(panel.getByRole('heading', { level: 2 })).toBeVisible();
      const box = (await panel.boundingBox())!;
      const list = (await page.getByRole('list', { name: 'Liste des commandes' }).boundingBox())!;
      expect(box.x, 'beside the list').toBeGreaterThan(list.x + list.width - 1);
      expect(box.y + 120, 'its top in the first screen').toBeLessThan(height);
      await expect(panel).toContainText('À faire : Ouvrir le brief');
      const parts = panel.getByRole('navigation', { name: 'Parties de la commande' });
      for (const part of ['Vente', 'Argent', 'E-mails', 'Historique', 'Brief', 'Révisions'])
        await expect(parts.getByRole('button', { name: part, exact: true })).toBeVisible();
      await parts.getByRole('button', { name: 'Historique', exact: true }).click();
      await expect(panel.getByRole('heading', { name: 'Actions du client' })).toBeInViewport();
      if (width === 1280) {
        // Back at the top, as the team sees it on opening the order: header, list and panel's heading.
        await page.evaluate(`{
          const el = document.querySelector('[data-order-panel]');
          for (let node = el; node; node = node.parentElement) node.scrollTop = 0;
          for (const inside of el.querySelectorAll('*')) inside.scrollTop = 0;
          window.scrollTo(0, 0);
        }`);
        await expect(panel.getByRole('heading', { level: 2 })).toBeInViewport();
        mkdirSync(SCREENS, { recursive: true });
        await page.screenshot({ path: join(SCREENS, 'back-office-list-panel-1280x720.png') });
      }
      await page.close();
    }
  });

  test('the board: 150 orders in one column, each column scrolling on its own with its count, every order reachable', async () => {
    test.setTimeout(300_000);
    for (let batch = 0; batch < 15; batch++)
      await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          completedOrder(server, { companyName: `Client ${batch * 10 + n + 1}` }),
        ),
      );
    for (const [width, height] of [
      [1280, 720],
      [1440, 900],
    ] as const) {
      const page = await sharedPage(browser, { viewport: { width, height } });
      await signInToBackOffice(page, server);
      await page.goto(`${server.url}/admin?view=board`);
      const column = page.locator('[data-status="contract_ready_for_signature"]');
      // 150 and the 4 of the first tests, waiting on their first payment.
      await expect(column.getByRole('heading')).toContainText('154 commandes');
      const cardsOf = column.getByRole('list').getByRole('listitem');
      await expect(cardsOf).toHaveCount(25);
      const board = (await page.getByRole('list', { name: 'Tableau des commandes' }).boundingBox())!;
      expect(board.height, 'the board is one screen high').toBeLessThanOrEqual(height);
      const scrolls = await column.getByRole('list').evaluate((list) => {
        // Scrolled by itself, the page not moving: the column holds more than it shows.
        list.scrollTop = 200;
        return list.scrollHeight > list.clientHeight && list.scrollTop > 0;
      });
      expect(scrolls, 'the column scrolls on its own').toBe(true);
      // Badges stay inside their card.
      const card = cardsOf.first();
      await expectBadgesInside(card);
      await expect(card).toContainText("En attente du client : payer l'acompte");
      await expect(card).toContainText(/\d\s€\sTTC\sla 1re année/);
      if (width === 1280) {
        await column.getByRole('list').evaluate((list) => (list.scrollTop = 0));
        await page.getByRole('list', { name: 'Tableau des commandes' }).evaluate((b) => b.scrollIntoView());
        mkdirSync(SCREENS, { recursive: true });
        await page.screenshot({ path: join(SCREENS, 'back-office-board-1280x720.png') });
      }
      // The panel opens beside the board, its top in the first screen; the cards keep their badges inside.
      await card.getByRole('button').first().click();
      const panel = page.locator('[data-order-panel]');
      await expect(panel.getByRole('heading', { level: 2 })).toBeVisible();
      const panelBox = (await panel.boundingBox())!;
      const beside = (await page.getByRole('list', { name: 'Tableau des commandes' }).boundingBox())!;
      expect(panelBox.x, 'beside the board').toBeGreaterThanOrEqual(beside.x + beside.width - 1);
      expect(panelBox.y + 120, 'its top in the first screen').toBeLessThan(height);
      await expectBadgesInside(card);
      if (width === 1280) await page.screenshot({ path: test.info().outputPath('board-panel-1280x720.png') });
      await column.getByRole('button', { name: 'Voir tout (154)' }).click();
      await expect(cardsOf, 'every order of the column, past any cap').toHaveCount(154);
      await page.close();
    }
  });
});
