import { type BrowserContext, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { eventually } from '../support/eventually.js';
import {
  backOfficeHomeLoaded,
  completedOrder,
  orderEventTypes,
  signInToBackOffice,
} from '../support/journey.js';
import { expect, test } from '../support/fixtures.js';
import { expectHeading, expectToast } from '../support/page-checks.js';

let server: AppServer;
let context: BrowserContext;
let page: Page;

test.beforeEach(({ app, context: testContext, page: testPage }) => {
  server = app;
  context = testContext;
  page = testPage;
});

const button = (name: string) => page.getByRole('button', { name, exact: true });

/** From the order confirmation page to the sandbox's checkout page. */
async function toCheckout(orderId: string) {
  await page.goto(`${server.url}/order-confirmation/${orderId}`);
  await button('Procéder au paiement').click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_[0-9a-f]{24}$/);
  await expect(
    page.getByText("Paiement de démonstration : aucun montant n'est débité").first(),
  ).toBeVisible();
  await expect(page.getByText('588,60 € TTC').first()).toBeVisible();
}

test.describe('paying the deposit and becoming a client', () => {
  test('pays in the sandbox, lands on the success page, sets a password from the emailed link, and signs in', async () => {
    const email = 'claire@boulangerie-martin.fr';
    const orderId = await completedOrder(server, { contactEmail: email });

    // Step 8 of the wizard: accept the terms, pay the deposit.
    await page.goto(`${server.url}/order-form/${orderId}`);
    await page.getByRole('checkbox', { name: /J'accepte les conditions générales/ }).check();
    await button("Payer l'acompte").click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await expect(page.getByText('588,60 € TTC').first()).toBeVisible();
    await button('Payer').click();

    await page.waitForURL(
      new RegExp(`/payment-success/${orderId}\\?type=deposit&provider=sandbox&payment=cs_sandbox_`),
    );
    await expectHeading(page, 'Acompte reçu');
    expect(await orderEventTypes(server, orderId)).toContain('DepositPaid');

    // The dev mailbox, as the team reads it on /email-test.
    await signInToBackOffice(page, server);
    await backOfficeHomeLoaded(page);
    await page.getByRole('link', { name: 'Tester les emails' }).click();
    await expectHeading(page, 'Test des emails');
    const accountEmail = page
      .getByRole('button')
      .filter({ hasText: `À : ${email}` })
      .filter({ hasText: 'account-created' });
    await eventually(
      async () => {
        if ((await accountEmail.count()) > 0) return true;
        await Promise.all([
          page.waitForResponse((response) => new URL(response.url()).pathname === '/api/test/mailbox'),
          button('Actualiser').click(),
        ]);
        return false;
      },
      'the account email is in the dev mailbox',
      20_000,
    );
    await accountEmail.first().click();
    const link = page.getByRole('link', { name: /\/auth\/set-password\?token=/ }).first();
    const setPasswordUrl = (await link.getAttribute('href'))!;
    expect(setPasswordUrl.startsWith(`${server.url}/auth/set-password?token=`)).toBe(true);

    // The client opens the link (in their own browser) and chooses a password.
    await context.clearCookies();
    await page.goto(setPasswordUrl);
    await expectHeading(page, 'Choisissez votre mot de passe');
    await page.getByLabel('Nouveau mot de passe').fill('court');
    await page.getByLabel('Confirmer le mot de passe').fill('court');
    await button('Enregistrer mon mot de passe').click();
    await expect(page.getByText('Le mot de passe doit contenir au moins 8 caractères').first()).toBeVisible();
    await page.getByLabel('Nouveau mot de passe').fill('croissant-au-beurre');
    await page.getByLabel('Confirmer le mot de passe').fill('croissant-au-beurre');
    await button('Enregistrer mon mot de passe').click();
    await page.waitForURL(/\/dashboard/);
    await expectHeading(page, 'Mon espace client');

    // Out, then back in through /auth.
    await button('Déconnexion').click();
    await page.waitForURL(/\/auth/);
    await page.goto(`${server.url}/auth?order=${orderId}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon');
    await button('Se connecter').click();
    await expectToast(page, 'Email ou mot de passe incorrect');
    await page.getByLabel('Mot de passe', { exact: true }).fill('croissant-au-beurre');
    await button('Se connecter').click();
    await page.waitForURL(new RegExp(`/dashboard#order-${orderId}$`));
    await expectToast(page, 'Accès à votre commande en cours...');
    const card = page.locator(`#order-${orderId}`);
    await expect(card.getByRole('heading', { name: 'Boulangerie Martin' }).first()).toBeVisible();

    // The contract, made after the payment, signed with a typed name.
    await card.getByRole('link', { name: 'Signer mon contrat' }).click();
    await expectHeading(page, 'Mon contrat');
    await expect(
      page.getByRole('region', { name: 'Document du contrat' }).getByText('Boulangerie Martin').first(),
    ).toBeVisible();
    await page.getByLabel('Nom et prénom').fill('Claire Martin');
    await page.getByRole('checkbox', { name: "J'ai lu et j'accepte le contrat" }).check();
    await button('Signer le contrat').click();
    await expectToast(page, 'Contrat signé');
    await page.waitForURL(new RegExp(`/dashboard#order-${orderId}$`));
    await expect(
      page
        .locator(`#order-${orderId}`)
        .getByText(/^Contrat signé le /)
        .first(),
    ).toBeVisible();
    expect(await orderEventTypes(server, orderId)).toEqual(
      expect.arrayContaining(['OrderLinkedToClient', 'ContractIssued', 'ContractSigned']),
    );
  });

  test('shows a failed payment as failed, records nothing paid, and offers to try again', async () => {
    const orderId = await completedOrder(server, { contactEmail: 'echec@boulangerie-martin.fr' });
    await toCheckout(orderId);
    const failedCheckout = page.url();
    await button('Simuler un échec').click();

    await page.waitForURL(new RegExp(`/payment-success/${orderId}\\?`));
    await expectHeading(page, 'Paiement échoué');
    await eventually(
      async () => (await orderEventTypes(server, orderId)).includes('CheckoutClosed'),
      'the failure is recorded',
    );
    expect(await orderEventTypes(server, orderId)).not.toContain('DepositPaid');

    await button('Réessayer le paiement').click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    expect(page.url()).not.toBe(failedCheckout);
    await expect(button('Payer').first()).toBeVisible();
  });

  test('shows a cancelled payment as cancelled, and nothing is paid', async () => {
    const orderId = await completedOrder(server, { contactEmail: 'annulation@boulangerie-martin.fr' });
    await toCheckout(orderId);
    await button('Annuler').click();

    await page.waitForURL(
      new RegExp(`/payment-success/${orderId}\\?type=deposit&provider=sandbox&status=canceled`),
    );
    await expectHeading(page, 'Paiement annulé');
    expect(await orderEventTypes(server, orderId)).not.toContain('DepositPaid');
  });
});
