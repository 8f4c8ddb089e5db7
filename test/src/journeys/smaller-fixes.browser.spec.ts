import { completeForm } from '@coseso/backend/testing/order-journey';
import { type BrowserContext, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { eventually } from '../support/eventually.js';
import { expect, test } from '../support/fixtures.js';
import { expectHeading } from '../support/page-checks.js';
import { orderProjected, postJson } from '../support/journey.js';

let server: AppServer;
let context: BrowserContext;
let page: Page;

test.beforeEach(({ app, context: testContext, page: testPage }) => {
  server = app;
  context = testContext;
  page = testPage;
});

const button = (name: string) => page.getByRole('button', { name, exact: true });

/** A paid order: its client account exists, and the set-password link is in the dev mailbox. */
async function clientWithAccount(email: string): Promise<{ setPasswordUrl: string }> {
  const { orderId } = (await (await postJson(server, '/api/create-order')).json()) as { orderId: string };
  expect(
    (await postJson(server, `/api/orders/${orderId}/complete`, completeForm({ contactEmail: email }))).status,
  ).toBe(200);
  const link = (await (await postJson(server, `/api/orders/${orderId}/payment-annual`)).json()) as {
    paymentUrl: string;
  };
  expect(
    (await postJson(server, `/api/sandbox/checkout/${link.paymentUrl.split('/').pop()}/pay`)).status,
  ).toBe(200);
  let text = '';
  await eventually(
    async () => {
      const { rows } = await server.db.query<{ text: string }>(
        `select text from "${server.schema}".dev_mailbox where recipient = $1 and template = 'account-created'`,
        [email],
      );
      text = rows[0]?.text ?? '';
      return text !== '';
    },
    'the account email is sent',
    20_000,
  );
  return { setPasswordUrl: /(http\S+\/auth\/set-password\?token=[A-Za-z0-9_-]+)/.exec(text)![1]! };
}

test.describe('the smaller fixes', () => {
  test('offers an existing client to sign in at step 2, and does not let them through until they do', async () => {
    const email = 'deja-cliente@boulangerie-martin.fr';
    const { setPasswordUrl } = await clientWithAccount(email);
    const { orderId } = (await (await postJson(server, '/api/create-order')).json()) as { orderId: string };
    await postJson(server, `/api/orders/${orderId}/progress`, {
      currentStep: 2,
      companyName: 'Boulangerie Martin',
      companySector: 'Boulangerie',
    });
    await orderProjected(server, orderId);

    await page.goto(`${server.url}/order-form/${orderId}`);
    await expect(page.getByRole('heading', { name: 'Contact', exact: true }).first()).toBeVisible();
    await page.getByLabel('Prénom').fill('Claire');
    await page.getByLabel('Nom', { exact: true }).fill('Martin');
    await page.getByLabel('Email').fill(email);
    await expect(
      page.getByText(/Un compte client existe déjà avec cette adresse email/).first(),
    ).toBeVisible();
    const signIn = page.getByRole('link', { name: 'Se connecter' });
    expect(await signIn.getAttribute('href')).toBe(
      `/auth?redirect=${encodeURIComponent(`/order-form/${orderId}`)}`,
    );
    await button('Suivant').click();
    await expect(page.getByText(/connectez-vous pour commander avec elle/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Contact', exact: true }).first()).toBeVisible();

    // Signed in as that client (the password chosen from the account email), the wizard goes on.
    await page.goto(setPasswordUrl);
    await page.getByLabel('Nouveau mot de passe').fill('croissant-au-beurre');
    await page.getByLabel('Confirmer le mot de passe').fill('croissant-au-beurre');
    await button('Enregistrer mon mot de passe').click();
    await page.waitForURL(/\/dashboard/);
    await page.goto(`${server.url}/order-form/${orderId}`);
    await expect(page.getByRole('heading', { name: 'Contact', exact: true }).first()).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await button('Suivant').click();
    await expect(page.getByRole('heading', { name: 'Type', exact: true }).first()).toBeVisible();
  });

  test('says a used set-password link is no longer valid as soon as it opens', async () => {
    const { setPasswordUrl } = await clientWithAccount('lien-utilise@boulangerie-martin.fr');
    await page.goto(setPasswordUrl);
    await expectHeading(page, 'Choisissez votre mot de passe');
    await page.getByLabel('Nouveau mot de passe').fill('croissant-au-beurre');
    await page.getByLabel('Confirmer le mot de passe').fill('croissant-au-beurre');
    await button('Enregistrer mon mot de passe').click();
    await page.waitForURL(/\/dashboard/);

    await context.clearCookies();
    await page.goto(setPasswordUrl);
    await expectHeading(page, 'Lien invalide ou expiré');
    expect(await page.getByLabel('Nouveau mot de passe').count()).toBe(0);
  });

  test('fits the /pricing toggle in a 375 px wide screen', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/pricing`);
    const toggle = page.getByRole('group', { name: 'Formule' });
    await expect(toggle.first()).toBeVisible();
    const box = (await toggle.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    const pageWidth = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement.scrollWidth,
    );
    expect(pageWidth).toBeLessThanOrEqual(375);
  });
});
