import { randomUUID } from 'node:crypto';
import { type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { eventually } from '../support/eventually.js';
import {
  backOfficeHomeLoaded,
  completedOrder as completedOrderOf,
  orderEventTypes,
  orderProjected,
  postJson,
  signInToBackOffice,
} from '../support/journey.js';
import { expect, test } from '../support/fixtures.js';
import { expectHeading, expectToast } from '../support/page-checks.js';

// Every message of the public journey says only what is true at that moment.

let server: AppServer;
let page: Page;

test.use({ viewport: { width: 1280, height: 900 } });
test.beforeEach(({ app, page: testPage }) => {
  server = app;
  page = testPage;
});

const button = (name: string) => page.getByRole('button', { name, exact: true });

/** An order as the wizard's 7 steps leave it: completed, waiting at step 8 for its rhythm, terms and payment. */
const completedOrder = (contactEmail: string) => completedOrderOf(server, { contactEmail });

/** Pays the order's deposit in the sandbox, as its "Payer" button does. */
async function paidOrder(contactEmail: string): Promise<string> {
  const orderId = await completedOrder(contactEmail);
  const link = (await (await postJson(server, `/api/orders/${orderId}/payment-annual`)).json()) as {
    paymentUrl: string;
  };
  const paymentId = new URL(link.paymentUrl).pathname.split('/').pop()!;
  expect((await postJson(server, `/api/sandbox/checkout/${paymentId}/pay`)).status).toBe(200);
  await orderProjected(server, orderId);
  return orderId;
}

async function emailsTo(recipient: string, template: string): Promise<Array<{ text: string }>> {
  const { rows } = await server.db
    .query<{ text: string }>(
      `select text from "${server.schema}".dev_mailbox where recipient = $1 and template = $2`,
      [recipient, template],
    )
    .catch(() => ({ rows: [] })); // the mailbox's table is made with the first email
  return rows;
}

/** The sandbox's checkout page of the order's first payment, from the order confirmation page. */
async function toCheckout(orderId: string) {
  await page.goto(`${server.url}/order-confirmation/${orderId}`);
  await button('Procéder au paiement').click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_[0-9a-f]{24}$/);
}

/** The card around the result's heading, and that each of its actions lies inside it. */
async function expectActionsInsideCard() {
  const card = page.locator('main div.rounded-2xl').first();
  const box = (await card.boundingBox())!;
  const actions = card.locator('a, button');
  expect(await actions.count()).toBeGreaterThan(0);
  for (const action of await actions.all()) {
    const inner = (await action.boundingBox())!;
    expect(inner.x).toBeGreaterThanOrEqual(box.x);
    expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width);
  }
}

test.describe('the order confirmation email', () => {
  test('is sent once, when the order is placed with its rhythm and terms, not at each change of step 8', async () => {
    const email = 'confirmation@boulangerie-martin.fr';
    const orderId = await completedOrder(email);
    await page.goto(`${server.url}/order-form/${orderId}`);
    await expect(page.getByRole('heading', { name: 'Récapitulatif' }).first()).toBeVisible();

    // The rhythm changes, then a remark: each reopens the order, which is validated again.
    await page.getByRole('radio', { name: /Abonnement mensuel/ }).check();
    await button('Valider ma commande').click();
    await expect(button('Payer les frais de mise en service').first()).toBeVisible();
    await page.getByLabel('Remarques').fill('Plutôt dans les tons bleus');
    await button('Valider ma commande').click({ timeout: 60_000 });
    await expect(button('Payer les frais de mise en service').first()).toBeVisible();
    await eventually(
      async () =>
        (await orderEventTypes(server, orderId)).filter((t) => t === 'OrderFormCompleted').length >= 3,
      'the order was completed three times',
    );

    // Placed: the terms are accepted and the first payment is asked for.
    await page.getByRole('checkbox', { name: /J'accepte les conditions générales/ }).check();
    await button('Payer les frais de mise en service').click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await button('Annuler').click();
    await expectHeading(page, 'Paiement annulé');

    // A second payment link does not confirm the order again.
    await button('Réessayer le paiement').click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    // The second link is made (its page is open): the log says what emails can follow. Each email is
    // the job of one event (order-emails.reactor), and the confirmation is OrderPlaced's, which
    // the order holds once: once its email is there, no second one has anything to come from.
    expect((await orderEventTypes(server, orderId)).filter((t) => t === 'OrderPlaced')).toHaveLength(1);
    await eventually(
      async () => (await emailsTo(email, 'order-confirmation')).length > 0,
      'the confirmation email is sent',
      20_000,
    );
    const confirmations = await emailsTo(email, 'order-confirmation');
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toMatch(/mois/);

    // The confirmation page says so now, and not before.
    await page.goto(`${server.url}/order-confirmation/${orderId}`);
    await expect(
      page
        .getByText(
          `Un email de confirmation est envoyé à ${email}, un seul par jour et par adresse tant que rien n’est payé.`,
        )
        .first(),
    ).toBeVisible();
    const unplaced = await completedOrder('pas-encore@boulangerie-martin.fr');
    await page.goto(`${server.url}/order-confirmation/${unplaced}`);
    await expect(button('Procéder au paiement').first()).toBeVisible();
    expect(await page.getByText(/Un email de confirmation (a été|est) envoyé/).count()).toBe(0);
  });
});

test.describe('the payment result pages', () => {
  test('speak to a visitor, who has no account before the first payment, as a visitor', async () => {
    const orderId = await completedOrder('visiteur@boulangerie-martin.fr');
    await toCheckout(orderId);
    await button('Simuler un échec').click();
    await expectHeading(page, 'Paiement échoué');
    await expect(button('Réessayer le paiement').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Revoir ma commande' }).first()).toBeVisible();
    expect(await page.getByText(/espace client/).count()).toBe(0);
    await expectActionsInsideCard();

    await toCheckout(orderId);
    await button('Annuler').click();
    await expectHeading(page, 'Paiement annulé');
    await expect(
      page.getByText(/vous pouvez reprendre le paiement à tout moment, ici ou depuis le lien/).first(),
    ).toBeVisible();
    expect(await page.getByText(/espace client/).count()).toBe(0);
    await expectActionsInsideCard();
    expect(await orderEventTypes(server, orderId)).not.toContain('DepositPaid');
  });

  test('speak to a signed-in client as a client', async () => {
    const email = 'cliente@boulangerie-martin.fr';
    await paidOrder(email);
    await eventually(
      async () => (await emailsTo(email, 'account-created')).length > 0,
      'the account email is sent',
      20_000,
    );
    const [accountEmail] = await emailsTo(email, 'account-created');
    const setPasswordUrl = /(http\S+\/auth\/set-password\?token=[A-Za-z0-9_-]+)/.exec(
      accountEmail!.text,
    )![1]!;
    await page.goto(setPasswordUrl);
    await page.getByLabel('Nouveau mot de passe').fill('croissant-au-beurre');
    await page.getByLabel('Confirmer le mot de passe').fill('croissant-au-beurre');
    await button('Enregistrer mon mot de passe').click();
    await page.waitForURL(/\/dashboard/);

    const secondOrder = await completedOrder(email);
    // Signed in with the order's address: the order joins the account, no account to create.
    await page.goto(`${server.url}/order-confirmation/${secondOrder}`);
    await expect(
      page.getByRole('heading', { name: 'Votre commande dans votre espace client' }).first(),
    ).toBeVisible();
    expect(await page.getByRole('heading', { name: 'Création de votre espace client' }).count()).toBe(0);
    await toCheckout(secondOrder);
    await button('Annuler').click();
    await expectHeading(page, 'Paiement annulé');
    await expect(
      page.getByText(/reprendre le paiement à tout moment depuis votre espace client/).first(),
    ).toBeVisible();
    const clientArea = page.getByRole('link', { name: 'Accéder à mon espace client' });
    expect(await clientArea.getAttribute('href')).toBe('/dashboard');
    await expectActionsInsideCard();

    // Paid, the second order joins the account the client has: no set-password email to expect.
    await toCheckout(secondOrder);
    await button('Payer').click();
    await expectHeading(page, 'Acompte reçu');
    await expect(page.getByText(/Cette commande rejoint votre espace client/).first()).toBeVisible();
    expect(await page.getByText(/mot de passe/).count()).toBe(0);
    // Its confirmation page no longer asks for the first payment.
    await page.goto(`${server.url}/order-confirmation/${secondOrder}`);
    await expect(page.getByRole('heading', { name: 'Suivre votre commande' }).first()).toBeVisible();
    expect(await page.getByText(/Réglez votre premier paiement/).count()).toBe(0);
  });

  test('say "Commande non trouvée" for an order that does not exist', async () => {
    for (const path of [
      `/payment-success/${randomUUID()}?type=deposit`,
      `/payment-success/${randomUUID()}?type=deposit&provider=sandbox&status=canceled`,
      '/payment-success/pas-une-commande?type=deposit',
      `/payment-final-success/${randomUUID()}?type=balance`,
    ]) {
      await page.goto(`${server.url}${path}`);
      await expectHeading(page, 'Commande non trouvée');
      expect(await page.getByText(/Paiement échoué|Erreur de paiement/).count()).toBe(0);
    }
  });
});

test.describe('the contract email of the email-test page', () => {
  test('is refused, in French, for an order whose contract does not exist yet', async () => {
    const email = 'sans-contrat@boulangerie-martin.fr';
    const orderId = await completedOrder(email);
    const { rows } = await server.db.query<{ n: number }>(
      `select (data->>'orderNumber')::int as n from "${server.schema}".events where stream_id = $1 and type = 'OrderDraftCreated'`,
      [`order-${orderId}`],
    );
    await signInToBackOffice(page, server);
    await backOfficeHomeLoaded(page);
    await page.getByRole('link', { name: 'Tester les emails' }).click();
    await expectHeading(page, 'Test des emails');
    const row = page.getByRole('listitem').filter({ hasText: `Commande #${rows[0]!.n}` });
    await row.getByRole('button', { name: 'Email Contrat' }).click();
    // The refusal is the answer to the request that would have sent the email, within it: nothing follows.
    await expectToast(
      page,
      "Le contrat de cette commande n'existe pas encore : il est établi après le premier paiement.",
    );
    expect(await emailsTo(email, 'contract-to-sign')).toHaveLength(0);
  });
});

test.describe('a paid order at /order-form/:id', () => {
  test('is shown read-only, without its personal data to a visitor, with the way to the client area, and saves nothing', async () => {
    const orderId = await paidOrder('payee@boulangerie-martin.fr');
    const before = await orderEventTypes(server, orderId);
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/'))
        writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    // The page's timers run as usual until the test moves them on.
    await page.clock.install();
    await page.goto(`${server.url}/order-form/${orderId}`);
    await expectHeading(page, 'Commande payée');
    await expect(
      page
        .getByText(
          /ce lien n’affiche pas les coordonnées ni les textes de la commande : ils sont\s+marqués « Masqué »/,
        )
        .first(),
    ).toBeVisible();
    // Filled, hidden: « Masqué », never « Non renseigné » for what the client did type.
    await expect(page.getByText('Masqué', { exact: true }).first()).toBeVisible();
    // The link alone no longer gives the company, the contact or the address once the order is paid.
    expect(await page.getByText('Boulangerie Martin').count()).toBe(0);
    expect(await page.getByText('payee@boulangerie-martin.fr').count()).toBe(0);
    expect(await page.getByText('Vos réponses sont enregistrées automatiquement.').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Modifier/ }).count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    const signIn = page.getByRole('link', { name: 'Se connecter à mon espace client' });
    expect(await signIn.getAttribute('href')).toBe(`/auth?redirect=/dashboard&order=${orderId}`);

    // Beyond any autosave delay (2 s, 3 s after a long text) at once: every timer the page had set has
    // fired, and a save would have left by now.
    await page.clock.runFor(10_000);
    expect(writes).toEqual([]);
    const after = await orderEventTypes(server, orderId);
    expect(after.filter((t) => t === 'WizardStepSaved')).toEqual(
      before.filter((t) => t === 'WizardStepSaved'),
    );
  });
});
