import { completeForm } from '@coseso/backend/testing/order-journey';
import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { eventually } from '../support/eventually.js';
import { ADMIN, callApi, signInToBackOffice } from '../support/journey.js';
import { orderAdminOf } from '../support/order-admin.js';
import { expect, sharedPage, test } from '../support/fixtures.js';
import { expectToast } from '../support/page-checks.js';

// Serial: its tests follow one another on the same page and orders.
test.describe.configure({ mode: 'serial' });

const COMPANY = 'Fromagerie Lemoine';
const EMAIL = 'hortense@fromagerie-lemoine.example';
const ERASED = 'données effacées';

let server: AppServer;
let browser: Browser;
let page: Page;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
  page = await sharedPage(browser, { viewport: { width: 1440, height: 1000 } });
});

const call = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> =>
  (await callApi<T>(server, method, path, body, { token })).body;

/** A paid order whose client account exists, then cancelled by the team: its client may be forgotten. */
async function cancelledOrderOfAClient(): Promise<string> {
  const { orderId } = await call<{ orderId: string }>('POST', '/api/create-order', {});
  await call(
    'POST',
    `/api/orders/${orderId}/complete`,
    completeForm({ companyName: COMPANY, contactEmail: EMAIL, contactLastName: 'Lemoine' }),
  );
  const { paymentUrl } = await call<{ paymentUrl: string }>('POST', `/api/orders/${orderId}/payment-annual`);
  await call('POST', `/api/sandbox/checkout/${paymentUrl.split('/').pop()}/pay`);
  const { token } = await call<{ token: string }>('POST', '/api/admin/login', ADMIN);
  await eventually(
    async () =>
      (await call<{ clientId: string | null }>('GET', `/api/admin/orders/${orderId}`, undefined, token))
        .clientId !== null,
    'the order is linked to its client account',
    20_000,
  );
  await call(
    'PATCH',
    `/api/admin/orders/${orderId}/status`,
    { status: 'cancelled', reason: 'Renonce' },
    token,
  );
  return orderId;
}

// What the history must never show people: an id, a structure, a field's key.
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const DOTTED_KEY =
  /\b[a-z]+(?:[A-Z][a-z]*)*\.[a-z]+[A-Z][A-Za-z]*\b|\b(?:form|brief|review|price|contract|approval)\.[a-z]/;

test.describe('the right to be forgotten', () => {
  test('shows a client’s whole order in French words in its history, the erasure included, and no longer offers it', async () => {
    const company = 'Cidrerie Le Gall';
    const email = 'yann@cidrerie-legall.example';
    const { orderId } = await call<{ orderId: string }>('POST', '/api/create-order', {});
    await call(
      'POST',
      `/api/orders/${orderId}/complete`,
      completeForm({ companyName: company, contactEmail: email, contactLastName: 'Le Gall' }),
    );
    const { token } = await call<{ token: string }>('POST', '/api/admin/login', ADMIN);
    const admin = (method: string, path: string, body?: unknown) =>
      call(method, `/api/admin/orders/${orderId}${path}`, body, token);
    // The contract forced before the money is in (a correction, with its reason), then the transfer.
    await admin('PATCH', '/status', { status: 'contract_signed', reason: 'Virement annoncé par le client' });
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(new Date());
    await admin('POST', '/offline-payment', {
      reference: 'VIR-2026-118',
      receivedOn: today,
      means: 'transfer',
    });
    let clientId: string | null = null;
    await eventually(
      async () => {
        ({ clientId } = await call<{ clientId: string | null }>(
          'GET',
          `/api/admin/orders/${orderId}`,
          undefined,
          token,
        ));
        return clientId !== null;
      },
      'the offline payment opened the client account',
      20_000,
    );
    await admin('PATCH', '/status', { status: 'brief_pending' });
    const orderAdmin = await orderAdminOf(server);
    try {
      await orderAdmin.runAsClient(orderId, clientId!, { type: 'SubmitBrief', nothingToSend: true });
    } finally {
      await orderAdmin.close();
    }
    await call('POST', `/api/orders/${orderId}/validate-brief`, { notes: 'Rien à ajouter' }, token);
    await admin('PATCH', '/status', { status: 'cancelled', reason: 'Le client renonce' });
    await call(
      'POST',
      `/api/admin/clients/${clientId}/erase`,
      { reason: 'Demande écrite du client du 21 novembre', confirmation: true },
      token,
    );

    // The panel says the client's data is erased, and no longer offers to erase it. (A page of its
    // own: the other tests sign in on theirs.)
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await signInToBackOffice(page, server, ADMIN, `/admin?order=${orderId}`);
    const panel = page.getByRole('region', { name: ERASED });
    await expect(panel.getByText(/^Données du client effacées le /).first()).toBeVisible({ timeout: 60_000 });
    expect(await panel.getByRole('button', { name: /^Effacer les données/ }).count()).toBe(0);

    // The history: every line in French, the erasure with its reason, by whom; no id, JSON or key.
    await panel.getByRole('link', { name: 'Historique de la commande' }).click();
    await page.waitForURL(new RegExp(`/admin/orders/${orderId}/history$`));
    const steps = page.getByRole('list', { name: 'Événements de la commande' });
    await expect(
      steps.getByText('Données du client effacées : Demande écrite du client du 21 novembre').first(),
    ).toBeVisible();
    await expect(
      steps.getByText(/^Correction : .* \(Virement annoncé par le client\)$/).first(),
    ).toBeVisible();
    await expect(
      steps.getByText(/^Acompte payé : .*\sTTC \(virement, référence VIR-2026-118, reçu le /).first(),
    ).toBeVisible();
    await expect(steps.getByText('Brief validé : Rien à ajouter').first()).toBeVisible();
    await expect(steps.getByText('Commande annulée : Le client renonce').first()).toBeVisible();
    await steps.getByRole('button', { name: /^Brief validé/ }).click();
    await expect(
      page.getByRole('table', { name: 'Ce qui a changé' }).getByText(ADMIN.email).first(),
    ).toBeVisible();
    for (const line of ['Brief validé', 'Commande annulée', 'Données du client effacées']) {
      await steps.getByRole('button', { name: new RegExp(`^${line}`) }).click();
      const text = await page.locator('main').innerText();
      expect({ line, uuid: UUID.exec(text)?.[0] }).toEqual({ line, uuid: undefined });
      expect({ line, json: /[{}]/.exec(text)?.[0] }).toEqual({ line, json: undefined });
      expect({ line, key: DOTTED_KEY.exec(text)?.[0] }).toEqual({ line, key: undefined });
    }
    await expect(page.getByText(/Le .* · par Administrateur · admin@coseso\.test/).first()).toBeVisible();
    await context.close();
  });

  test('erases a client from the order panel, behind a reason and a confirmation', async () => {
    const orderId = await cancelledOrderOfAClient();

    await signInToBackOffice(page, server, ADMIN, `/admin?order=${orderId}`);
    const panel = page.getByRole('region', { name: COMPANY });
    await expect(panel.getByText(EMAIL).first()).toBeVisible();

    await panel.getByRole('button', { name: 'Effacer les données du client' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/C’est définitif/).first()).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Effacer définitivement' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Raison de l’effacement').fill('Demande écrite du client du 20 novembre');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Je confirme l’effacement définitif des données de ce client').check();
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expectToast(page, 'Données effacées');

    // The panel now reads « données effacées » where the client's data was; the amounts stay.
    const erased = page.getByRole('region', { name: ERASED });
    await expect(erased.first()).toBeVisible();
    await expect(erased, 'the panel no longer shows the email').not.toContainText(EMAIL);
    expect(await erased.textContent()).not.toContain('Lemoine');
    await expect(erased.getByText('Acompte payé').first()).toBeVisible();
    const list = page.getByRole('list', { name: 'Liste des commandes' });
    expect(await list.textContent()).not.toContain(COMPANY);
  });

  test('erases the contact of an order that never became a client’s, from its panel', async () => {
    const company = 'Atelier Rivière';
    const email = 'gaspard@atelier-riviere.example';
    const { orderId } = await call<{ orderId: string }>('POST', '/api/create-order', {});
    await call(
      'POST',
      `/api/orders/${orderId}/complete`,
      completeForm({ companyName: company, contactEmail: email, contactLastName: 'Rivière' }),
    );
    // A payment link still open: the visitor could pay and become a client meanwhile.
    const { paymentUrl } = await call<{ paymentUrl: string }>(
      'POST',
      `/api/orders/${orderId}/payment-annual`,
      {},
    );

    // A session of its own: the previous journey left the shared page signed in.
    const page = await sharedPage(browser, { viewport: { width: 1440, height: 1000 } });
    await signInToBackOffice(page, server, ADMIN, `/admin?order=${orderId}`);
    const panel = page.getByRole('region', { name: company });
    await expect(panel.getByText(email).first()).toBeVisible();
    // No client account: the client's erasure is not offered, the contact's is.
    expect(await panel.getByRole('button', { name: 'Effacer les données du client' }).count()).toBe(0);

    await panel.getByRole('button', { name: 'Effacer les données du contact' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/ne pourra plus être modifiée ni payée/).first()).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Effacer définitivement' });
    await dialog.getByLabel('Raison de l’effacement').fill('Demande écrite du visiteur du 21 novembre');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Je confirme l’effacement définitif des données de ce contact').check();
    await expect(confirm).toBeEnabled();
    // Refused while the link is open, saying why; the dialog stays open, its reason and box kept.
    await confirm.click();
    await expectToast(page, /^Un lien de paiement de cette commande est encore ouvert/);
    await expect(dialog.getByText(/ne pourra plus être modifiée ni payée/).first()).toBeVisible();

    // The visitor's payment fails: the link is closed, the erasure goes through.
    await call('POST', `/api/sandbox/checkout/${paymentUrl.split('/').pop()}/fail`, {});
    await confirm.click();
    await expect(
      page.locator('[data-sonner-toast]').getByText('Données du contact effacées.').first(),
    ).toBeVisible();

    const erased = page.getByRole('region', { name: ERASED });
    await expect(erased.getByText(/^Données du contact effacées le /).first()).toBeVisible();
    expect(await erased.textContent()).not.toContain(email);
    expect(await erased.getByRole('button', { name: /^Effacer les données/ }).count()).toBe(0);
  });
});
