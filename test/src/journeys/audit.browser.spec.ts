import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AdminAccounts } from '@coseso/backend/auth/admin-accounts';
import { loadConfig } from '@coseso/backend/config/app-config';
import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { testDatabaseUrl } from '@coseso/database/testing/postgres-test-schema';
import { toNewEvent } from '@coseso/projections/testing/order-fixtures';
import { strFromU8, unzipSync } from 'fflate';
import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { signInToBackOffice } from '../support/journey.js';
import { expect, sharedPage, test } from '../support/fixtures.js';

// Serial: its tests follow one another on the same page and orders.
test.describe.configure({ mode: 'serial' });

const AUDITOR = { email: 'auditrice@coseso.test', password: 'un-secret-d-audit' };
const COMPANY = 'Atelier Martin';
const IN_PRODUCTION = 'Boulangerie Durand';

// What an auditor could change the business with, by the back-office's own words.
const WRITE_ACTION =
  /ouvrir le brief|valider|lancer|annuler|réactiver|finaliser|livrer|envoyer|demander|correction|marquer|supprimer|enregistrer|modifications terminées|tester les emails|déplacer/i;

let server: AppServer;
let browser: Browser;
let page: Page;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
  const config = loadConfig({ DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: server.schema });
  await new AdminAccounts(server.db, config).create(AUDITOR.email, AUDITOR.password, 'auditor');
  page = await sharedPage(browser, { timezoneId: 'UTC', viewport: { width: 1440, height: 1000 } });
});
/** An order whose whole history the real decider made, appended to the app's log as the write side does. */
async function seededOrder(
  status: OrderStatus,
  orderNumber: number,
  companyName: string,
): Promise<{ orderId: string; events: number }> {
  const orderId = randomUUID();
  const { history } = orderIn(status, { orderId, orderNumber, form: { companyName } });
  const store = await PostgresEventStore.open({
    pool: server.db,
    schema: server.schema,
    connectionString: testDatabaseUrl(),
  });
  try {
    await store.appendToStream(
      `order-${orderId}`,
      history.map((event, i) => toNewEvent(event, i)),
      { expectedRevision: 'no_stream' },
    );
  } finally {
    await store.close();
  }
  return { orderId, events: history.length };
}

/**
 * The names of the enabled buttons on the page: every action of the back-office is a button. The
 * list's order cards are buttons too, that only select an order (their text reads its next step,
 * « À faire : Envoyer … »): left out.
 */
const enabledButtons = () =>
  page.getByRole('button').evaluateAll((buttons) =>
    buttons
      .filter((b) => !b.hasAttribute('disabled') && b.getAttribute('aria-disabled') !== 'true')
      .filter((b) => !b.closest('ul[aria-label="Liste des commandes"]'))
      .map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()),
  );

async function expectNoWriteAction(where: string) {
  const names = await enabledButtons();
  expect(names.length).toBeGreaterThan(0);
  expect({ where, writes: names.filter((n) => WRITE_ACTION.test(n)) }).toEqual({ where, writes: [] });
}

const fact = (key: string) => page.locator(`[data-fact="${key}"] dd`);

async function expectFact(key: string, value: string) {
  await expect(fact(key).first(), `${key} reads ${value}`).toHaveText(value);
}

test.describe('the auditors’ screens', () => {
  test('let an auditor travel through an order’s history, explore, export and verify the log (intact, then altered), and change nothing', async () => {
    test.setTimeout(180_000);
    const startedAt = new Date(Date.now() - 60_000);
    const { orderId, events } = await seededOrder('delivered', 7001, COMPANY);
    // An order in production, where an admin would have actions (review link, cancel, corrections).
    await seededOrder('in_progress', 7002, IN_PRODUCTION);

    await signInToBackOffice(page, server, AUDITOR);
    await expect(page.getByText('Auditeur', { exact: false }).first()).toBeVisible();

    // The order in the list and its panel: no action for an auditor, a link to its history.
    const card = page
      .getByRole('list', { name: 'Liste des commandes' })
      .getByRole('button', { name: new RegExp(COMPANY) });
    await expect(card, 'the order is listed').toHaveCount(1, { timeout: 60_000 });
    await card.click();
    const panel = page.getByRole('region', { name: COMPANY });
    await expect(panel.getByText('Statut : Livré').first()).toBeVisible();
    expect(await panel.getByRole('group', { name: 'Actions' }).count()).toBe(0);
    await expectNoWriteAction('the order list and panel');

    // The history: every event, the last one selected; stepping back shows the order before delivery.
    await panel.getByRole('link', { name: 'Historique de la commande' }).click();
    await page.waitForURL(new RegExp(`/admin/orders/${orderId}/history$`));
    await expect(
      page.getByRole('heading', { name: 'Historique de la commande #7001' }).first(),
    ).toBeVisible();
    const list = page.getByRole('list', { name: 'Événements de la commande' });
    // The seeded history, and what the app's reactors appended to it since.
    const total = await list.getByRole('listitem').count();
    expect(total).toBeGreaterThanOrEqual(events);
    await expect(page.getByText(`Événement ${total} sur ${total}`).first()).toBeVisible();
    await expectFact('status', 'Livré');
    await expectFact('form.companyName', COMPANY);
    await list.getByRole('button', { name: /^Site livré/ }).click();
    const changed = page.getByRole('table', { name: 'Ce qui a changé' });
    await expect(changed.getByRole('row', { name: /Statut\s*Prêt livraison\s*Livré/ }).first()).toBeVisible();

    const delivered = Number(
      /Événement (\d+) sur/.exec((await page.getByText(/^Événement \d+ sur/).textContent())!)![1],
    );
    await page.getByRole('button', { name: 'Précédent', exact: true }).click();
    await expect(page.getByText(`Événement ${delivered - 1} sur ${total}`).first()).toBeVisible();
    await expectFact('status', 'Prêt livraison');
    await expectFact('delivery.siteUrl', '—');

    // The slider to the very beginning: the draft, made by a visitor.
    const slider = page.getByRole('slider', { name: "Moment de l'historique" });
    await slider.focus();
    await page.keyboard.press('Home');
    await expect(page.getByText(`Événement 1 sur ${total}`).first()).toBeVisible();
    await expectFact('status', 'En cours');
    await expect(page.getByRole('heading', { name: 'Commande #7001 créée' }).first()).toBeVisible();
    await expect(page.getByText(/par Visiteur/).first()).toBeVisible();

    // « État au … »: before the order existed, then long after.
    const at = page.getByLabel('État au');
    await at.fill('2020-01-01T00:00:00');
    await page.getByRole('button', { name: 'Afficher', exact: true }).click();
    await expect(page.getByText(/La commande n'existait pas encore le/).first()).toBeVisible();
    await at.fill('2099-01-01T00:00:00');
    await page.getByRole('button', { name: 'Afficher', exact: true }).click();
    await expect(page.getByText(`Événement ${total} sur ${total}`).first()).toBeVisible();
    await expectFact('status', 'Livré');

    // Two points compared: from the draft to delivery.
    const compare = page.getByRole('table', { name: 'Différences entre les deux moments' });
    await expect(compare.getByRole('row', { name: /Statut\s*En cours\s*Livré/ }).first()).toBeVisible();
    await expect(compare.getByRole('row', { name: /Contrat signé\s*Non\s*Oui/ }).first()).toBeVisible();

    // The evidence bundle: one zip that opens, and its download is then an event of the history.
    const [bundle] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger le dossier de preuves' }).click(),
    ]);
    expect(bundle.suggestedFilename()).toMatch(/^dossier-preuves-commande-7001-[\dT-]+\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await bundle.path())!)));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['manifest.json', 'events.ndjson', 'VERIFY.md', 'verify.mjs']),
    );
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
      order: { id: string; number: number };
      events: { count: number };
    };
    expect(manifest.order).toMatchObject({ id: orderId, number: 7001 });
    expect(manifest.events.count).toBeGreaterThanOrEqual(total);
    await expect(
      list
        .getByRole('button', { name: new RegExp(`^Dossier de preuves exporté par ${AUDITOR.email}`) })
        .first(),
    ).toBeVisible();
    await expectNoWriteAction('the history');

    // The event log, filtered by type and time (the log records when it wrote, not when it happened).
    await page.goto(`${server.url}/admin/events`);
    await expect(page.getByRole('heading', { name: "Journal d'événements" }).first()).toBeVisible();
    const filters = page.getByRole('search', { name: 'Filtrer le journal' });
    // The types are offered in French words, never by their stored names.
    const typeOptions = await filters.getByLabel("Type d'événement").locator('option').allTextContents();
    expect(typeOptions).toContain('Site livré');
    expect(typeOptions.filter((option) => /^[A-Z][a-z]+[A-Z]/.test(option))).toEqual([]);
    await filters.getByLabel("Type d'événement").selectOption({ label: 'Site livré' });
    await filters.getByLabel('Enregistré à partir du').fill(startedAt.toISOString().slice(0, 19));
    await filters.getByRole('button', { name: 'Filtrer', exact: true }).click();
    await page.waitForURL(/type=Delivered/);
    const logEvents = page.getByRole('list', { name: 'Événements du journal' }).getByRole('listitem');
    await expect(logEvents, 'one delivery is listed').toHaveCount(1, { timeout: 60_000 });
    expect(await logEvents.first().getAttribute('data-event-type')).toBe('Delivered');
    await expect(logEvents.first()).toContainText('Site livré');
    await expect(logEvents.first()).not.toContainText('Delivered', { useInnerText: true });
    await logEvents.first().getByText('Données et métadonnées').click();
    await expect(
      logEvents
        .first()
        .getByText(/"siteUrl"/)
        .first(),
    ).toBeVisible();

    // Exports of the filtered log: files that download and parse.
    const [ndjson] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter en NDJSON' }).click(),
    ]);
    const lines = (await readFile((await ndjson.path())!, 'utf8')).trim().split('\n');
    const exported = lines.map((line) => JSON.parse(line) as { type: string; streamId: string });
    expect(exported).toEqual([expect.objectContaining({ type: 'Delivered', streamId: `order-${orderId}` })]);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter en CSV' }).click(),
    ]);
    const rows = (await readFile((await csv.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(rows).toHaveLength(2);
    // The product's one CSV convention: ';' between cells.
    const header = rows[0]!.split(';');
    // French column names: the stored type under « Type », its French words under « Libellé ».
    expect(rows[1]!.split(';')[header.indexOf('Type')]).toBe('Delivered');
    expect(rows[1]!.split(';')[header.indexOf('Libellé')]).not.toBe('');

    // Filters typed but not applied yet: the export waits, since it would not be what the form shows.
    const csvButton = page.getByRole('button', { name: 'Exporter en CSV' });
    await filters.getByLabel("Identifiant de l'acteur").fill('quelqu-un');
    await expect(
      page.getByText('Cliquez sur « Filtrer » pour exporter les filtres saisis.').first(),
    ).toBeVisible();
    expect(await csvButton.isDisabled()).toBe(true);
    await filters.getByLabel("Identifiant de l'acteur").fill('');
    await expect(csvButton, 'the export is offered again').toBeEnabled();

    // A time range with nothing in it.
    await filters.getByLabel('Enregistré à partir du').fill('2099-01-01T00:00:00');
    await filters.getByRole('button', { name: 'Filtrer', exact: true }).click();
    await expect(page.getByText('Aucun événement ne correspond à ces filtres.').first()).toBeVisible();

    // A filter of the URL that cannot be read is said next to its field, and nothing is listed or
    // exported in its place (without it the list would cover the whole log).
    await page.goto(`${server.url}/admin/events?type=Delivered&from=hier`);
    await expect(
      filters.getByText('Date illisible (format attendu : 2026-11-01 ou 2026-11-01T08:00)').first(),
    ).toBeVisible();
    expect(await filters.getByLabel('Enregistré à partir du').getAttribute('aria-invalid')).toBe('true');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Un filtre ne peut pas être lu' }).first(),
    ).toBeVisible();
    expect(await page.getByRole('list', { name: 'Événements du journal' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Exporter en NDJSON' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Exporter en CSV' }).isDisabled()).toBe(true);
    await page.goto(`${server.url}/admin/events?from=2026-11-02T00:00&to=2026-11-01T00:00&type=Inconnu`);
    await expect(filters.getByText('La fin de la période doit suivre son début').first()).toBeVisible();
    await expect(
      filters.getByText("Type d'événement inconnu : choisissez-en un dans la liste").first(),
    ).toBeVisible();
    expect(await page.getByRole('list', { name: 'Événements du journal' }).count()).toBe(0);

    // The integrity check: every chain holds.
    await page.getByRole('button', { name: "Vérifier l'intégrité" }).click();
    await expect(
      page.getByText(/^Journal intact : \d+ événements dans \d+ flux vérifiés\.$/).first(),
    ).toBeVisible({ timeout: 60_000 });
    await expectNoWriteAction('the event log');

    // Someone alters the delivered order's first event in the database: the check names the broken link.
    await server.db.query(
      `update "${server.schema}".events set data = jsonb_set(data, '{orderNumber}', '9999') where stream_id = $1 and stream_revision = 0`,
      [`order-${orderId}`],
    );
    await page.getByRole('button', { name: "Vérifier l'intégrité" }).click();
    const broken = page.getByRole('alert').filter({ hasText: 'Chaîne rompue' });
    await expect(broken.first()).toBeVisible({ timeout: 60_000 });
    await expect(broken.getByText(`order-${orderId}`, { exact: true }).first()).toBeVisible();
    expect(await broken.locator('dt:text-is("Révision") + dd').textContent()).toBe('0');
    expect(await broken.locator('dt:text-is("Empreinte attendue") + dd').textContent()).toMatch(
      /^[0-9a-f]{64}$/,
    );
    expect(await broken.locator('dt:text-is("Empreinte trouvée") + dd').textContent()).toMatch(
      /^[0-9a-f]{64}$/,
    );

    // The home page: no email tools for an auditor.
    await page.goto(`${server.url}/admin`);
    await expect(page.getByRole('link', { name: 'Ouvrir le journal' }).first()).toBeVisible();
    expect(await page.getByRole('link', { name: 'Tester les emails' }).count()).toBe(0);
    await expectNoWriteAction('the home page');
    await page
      .getByRole('list', { name: 'Liste des commandes' })
      .getByRole('button', { name: new RegExp(IN_PRODUCTION) })
      .click();
    const inProduction = page.getByRole('region', { name: IN_PRODUCTION });
    await expect(inProduction.getByText('Statut : Production').first()).toBeVisible();
    expect(await inProduction.getByRole('group', { name: 'Actions' }).count()).toBe(0);
    await expectNoWriteAction('the panel of an order in production');
    await page.getByRole('button', { name: 'Tableau', exact: true }).click();
    await page.waitForURL(/view=board/);
    await expect(page.getByRole('list', { name: 'Tableau des commandes' }).first()).toBeVisible();
    await expectNoWriteAction('the board');
  });
});
