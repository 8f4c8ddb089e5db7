import { completeForm } from '@coseso/backend/testing/order-journey';
import { type Browser, type Page } from 'playwright-core';
import { type AppServer, startAppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { disabled, enabled, eventually, visible } from '../support/eventually.js';

const ADMIN = { email: 'admin@coseso.test', password: 'secret-du-back-office' };
const COMPANY = 'Fromagerie Lemoine';
const EMAIL = 'hortense@fromagerie-lemoine.example';
const ERASED = 'données effacées';

let server: AppServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startAppServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
  page = await (
    await browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 1000 } })
  ).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

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

describe('the right to be forgotten', () => {
  it('erases a client from the order panel, behind a reason and a confirmation', async () => {
    const orderId = await cancelledOrderOfAClient();

    await page.goto(`${server.url}/admin?order=${orderId}`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    const panel = page.getByRole('region', { name: COMPANY });
    await visible(panel.getByText(EMAIL));

    await panel.getByRole('button', { name: 'Effacer les données du client' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(/C’est définitif/));
    const confirm = dialog.getByRole('button', { name: 'Effacer définitivement' });
    await disabled(confirm);
    await dialog.getByLabel('Raison de l’effacement').fill('Demande écrite du client du 20 novembre');
    await disabled(confirm);
    await dialog.getByLabel('Je confirme l’effacement définitif des données de ce client').check();
    await enabled(confirm);
    await confirm.click();
    await visible(page.locator('[data-sonner-toast]').getByText('Données effacées', { exact: true }));

    // The panel now reads « données effacées » where the client's data was; the amounts stay.
    const erased = page.getByRole('region', { name: ERASED });
    await visible(erased);
    await eventually(
      async () => !(await erased.textContent())!.includes(EMAIL),
      'the panel no longer shows the email',
      10_000,
    );
    expect(await erased.textContent()).not.toContain('Lemoine');
    await visible(erased.getByText('Acompte payé'));
    const list = page.getByRole('list', { name: 'Liste des commandes' });
    expect(await list.textContent()).not.toContain(COMPANY);
  });
});
