import { completeForm } from '@coseso/backend/testing/order-journey';
import { type Browser, type Page } from 'playwright-core';
import { type AppServer, startAppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { eventually, visible } from '../support/eventually.js';

const ADMIN = { email: 'admin@coseso.test', password: 'secret-du-back-office' };
const EMAIL = 'claire@port-4000.example';

let server: AppServer;
let browser: Browser;
let page: Page;

// The app listens on a port of its own while PUBLIC_URL still names port 3000, as an .env written
// for 3000 does after `PORT=4000 npm start`: its own pages' writes are same-origin all the same.
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startAppServer({
      PUBLIC_URL: 'http://localhost:3000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }),
    launchBrowser(),
  ]);
  page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** A paid order, and the set-password token of its client's account, through the API. */
async function paidOrderAndToken(): Promise<{ orderId: string; token: string }> {
  const { orderId } = await call<{ orderId: string }>('POST', '/api/create-order', {});
  await call('POST', `/api/orders/${orderId}/complete`, completeForm({ contactEmail: EMAIL }));
  const { paymentUrl } = await call<{ paymentUrl: string }>('POST', `/api/orders/${orderId}/payment-annual`);
  await call('POST', `/api/sandbox/checkout/${paymentUrl.split('/').pop()}/pay`);

  const { token: admin } = await call<{ token: string }>('POST', '/api/admin/login', ADMIN);
  let text = '';
  await eventually(
    async () => {
      const { emails } = await call<{ emails: { to: string; template: string; text: string }[] }>(
        'GET',
        '/api/test/mailbox?limit=50',
        undefined,
        admin,
      );
      text = emails.find((e) => e.to === EMAIL && e.template === 'account-created')?.text ?? '';
      return text !== '';
    },
    'the account email is sent',
    20_000,
  );
  return { orderId, token: decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(text)![1]!) };
}

describe('the app on a port PUBLIC_URL does not name', () => {
  it('signs the contract from its own pages', async () => {
    const { orderId, token } = await paidOrderAndToken();
    expect(new URL(server.url).port).not.toBe('3000');

    await page.goto(`${server.url}/auth/set-password?token=${encodeURIComponent(token)}`);
    await page.getByLabel('Nouveau mot de passe').fill('croissant-au-beurre');
    await page.getByLabel('Confirmer le mot de passe').fill('croissant-au-beurre');
    await page.getByRole('button', { name: 'Enregistrer mon mot de passe', exact: true }).click();
    await page.waitForURL(/\/dashboard/);

    // A cookie-carrying write: refused as "Origine non autorisée" when only PUBLIC_URL counted.
    await page.goto(`${server.url}/contract/${orderId}`);
    await page.getByLabel('Nom et prénom').fill('Claire Martin');
    await page.getByRole('checkbox', { name: "J'ai lu et j'accepte le contrat" }).check();
    await page.getByRole('button', { name: 'Signer le contrat', exact: true }).click();
    await visible(page.locator('[data-sonner-toast]').getByText('Contrat signé', { exact: true }));
    await visible(page.locator(`#order-${orderId}`).getByText(/^Contrat signé le /));
  }, 90_000);
});
