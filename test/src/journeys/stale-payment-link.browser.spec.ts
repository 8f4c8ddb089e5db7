import { createHmac, randomBytes } from 'node:crypto';
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { eventually } from '../support/eventually.js';
import { callApi, completedOrder, orderEventTypes, signInToBackOffice } from '../support/journey.js';
import { completeForm } from '@coseso/backend/testing/order-journey';
import { expect, test } from '../support/fixtures.js';
import { expectHeading } from '../support/page-checks.js';

// Known here, so that this test can sign the sandbox's webhooks as the sandbox does (its secret derives from it).
const SESSION_SECRET = randomBytes(32).toString('hex');
const DEPOSIT = 58_860;
test.use({ appEnv: { SESSION_SECRET } });

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
});
test.beforeEach(async () => {
  context = await browser.newContext({ locale: 'fr-FR' });
  page = await context.newPage();
});
test.afterEach(() => context.close());

async function sandboxStatus(paymentId: string): Promise<string> {
  const response = await fetch(`${server.url}/api/sandbox/payment/${paymentId}`);
  return ((await response.json()) as { status: string }).status;
}

/** Tab one: from the order confirmation page to the sandbox's checkout page, for the deposit of 588,60 €. */
async function openCheckout(orderId: string): Promise<string> {
  await page.goto(`${server.url}/order-confirmation/${orderId}`);
  await page.getByRole('button', { name: 'Procéder au paiement', exact: true }).click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_[0-9a-f]{24}$/);
  await expect(page.getByText('588,60 € TTC').first()).toBeVisible();
  return page.url().split('/').pop()!;
}

/** Stripe's signature scheme, which the sandbox's webhooks use too. */
function stripeSignature(payload: string, secret: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

/** The order's history in the back-office, as the team reads it. */
async function historyLine(orderId: string, line: RegExp) {
  const staff = await context.newPage();
  await signInToBackOffice(staff, server);
  await expect(staff.getByRole('list', { name: 'Liste des commandes' }).first()).toBeVisible();
  await staff.goto(`${server.url}/admin/orders/${orderId}/history`);
  const list = staff.getByRole('list', { name: 'Événements de la commande' });
  await expect(list.getByRole('button', { name: line }).first()).toBeVisible();
  return staff;
}

test.describe('a payment link opened before the order changed', () => {
  test('cannot be paid once the order is changed in another tab: the visitor is told, the order shows it', async () => {
    const orderId = await completedOrder(server, { contactEmail: 'onglets@boulangerie-martin.fr' });
    const paymentId = await openCheckout(orderId);

    // Tab two: the wizard, back to the options, one more option, then the recap again.
    const wizard = await context.newPage();
    await wizard.goto(`${server.url}/order-form/${orderId}`);
    await expect(
      wizard.getByRole('heading', { level: 2, name: 'Récapitulatif', exact: true }).first(),
    ).toBeVisible();
    await wizard.getByRole('button', { name: 'Précédent', exact: true }).click();
    await wizard.getByRole('button', { name: 'Précédent', exact: true }).click();
    await expect(
      wizard.getByRole('heading', { level: 2, name: 'Options', exact: true }).first(),
    ).toBeVisible();
    await wizard.getByRole('checkbox', { name: /Chatbot IA/ }).check();
    await wizard.getByRole('button', { name: 'Suivant', exact: true }).click();
    await wizard.getByRole('button', { name: 'Suivant', exact: true }).click();
    await expect(
      wizard.getByRole('heading', { level: 2, name: 'Récapitulatif', exact: true }).first(),
    ).toBeVisible();
    await eventually(
      async () => (await sandboxStatus(paymentId)) === 'expired',
      'the change expired the open link',
    );

    // Tab one: the visitor pays the page still open on the old amount.
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await page.waitForURL(
      new RegExp(`/payment-success/${orderId}\\?type=deposit&provider=sandbox&payment=${paymentId}`),
    );
    await expectHeading(page, 'Lien de paiement expiré');
    await expect(page.getByText(/Ce lien de paiement n'est plus valable/).first()).toBeVisible();
    expect(await orderEventTypes(server, orderId)).not.toContain('DepositPaid');
    expect(await sandboxStatus(paymentId)).toBe('expired');

    await historyLine(orderId, /^Paiement non abouti \(acompte de 50 %\) : lien expiré/);
  });

  test('is refunded when paid just before the change: the visitor is told, the panel and the history show it', async () => {
    const company = 'Crêperie des Deux Onglets';
    const orderId = await completedOrder(server, {
      companyName: company,
      contactEmail: 'creperie@deux-onglets.fr',
    });
    const paymentId = await openCheckout(orderId);

    // The card went through at the provider; its webhook is late, and the order changes meanwhile.
    await server.db.query(`update "${server.schema}".sandbox_payments set status = 'paid' where id = $1`, [
      paymentId,
    ]);
    await callApi(server, 'POST', `/api/orders/${orderId}/complete`, {
      ...completeForm({ companyName: company, contactEmail: 'creperie@deux-onglets.fr' }),
      selectedTemplate: 'ecommerce',
    });
    const payload = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: paymentId,
          object: 'checkout.session',
          amount_total: DEPOSIT,
          payment_status: 'paid',
          status: 'complete',
          metadata: { orderId, purpose: 'deposit' },
          subscription: null,
        },
      },
    });
    const secret = `whsec_${createHmac('sha256', SESSION_SECRET).update('sandbox-webhooks').digest('hex')}`;
    const delivered = await fetch(`${server.url}/api/payments/sandbox/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(payload, secret),
      },
      body: payload,
    });
    expect(await delivered.json()).toEqual({ received: true, outcome: 'refused' });
    // The refusal is recorded; its refund through the provider follows, by the job it called for.
    await expect
      .poll(() => orderEventTypes(server, orderId), { timeout: 60_000 })
      .toContain('PaymentRefunded');

    // Tab one, still on the checkout page: « Payer » finds the payment refunded, and the result page says so.
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await page.waitForURL(
      new RegExp(`/payment-success/${orderId}\\?type=deposit&provider=sandbox&payment=${paymentId}`),
    );
    await expectHeading(page, 'Paiement remboursé');
    await expect(page.getByText(/il vous a été remboursé intégralement/).first()).toBeVisible();
    expect(await orderEventTypes(server, orderId)).not.toContain('DepositPaid');

    const staff = await historyLine(orderId, /^Paiement remboursé \(acompte de 50 %\) : 588,60/);
    await staff.goto(`${server.url}/admin`);
    const card = staff
      .getByRole('list', { name: 'Liste des commandes' })
      .getByRole('button', { name: new RegExp(company) });
    await expect(card, 'the order is listed').toHaveCount(1, { timeout: 60_000 });
    await card.click();
    const refunds = staff
      .getByRole('region', { name: company })
      .getByRole('list', { name: 'Paiements remboursés' });
    await expect(
      refunds
        .getByText(/588,60.*remboursé le .* payé sur un lien qui ne valait plus \(Montant inattendu/)
        .first(),
    ).toBeVisible();
  });
});
