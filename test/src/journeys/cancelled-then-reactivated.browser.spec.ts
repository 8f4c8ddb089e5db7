import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { BACK_OFFICE_SIZES, backOfficePanel, nextStepLine, panelFact } from '../support/back-office-panel.js';
import {
  clientStatus,
  currentStepIs,
  receivedEmail,
  reloadUntil,
  signInClient,
} from '../support/client-area.js';
import { eventually } from '../support/eventually.js';
import { callApi, paidOrderOfNewClient, signInToBackOffice } from '../support/journey.js';
import { untilPreviewSent } from '@coseso/backend/write-side/testing/order-commands';
import { type OrderAdmin, orderAdminOf } from '../support/order-admin.js';
import { expect, sharedPage, test } from '../support/fixtures.js';

// The cancellation and the reactivation with its reason, at both screens of the back-office, each
// with an order of its own (both names take « d' »: the texts say « le site d'Atelier … »).
const REACTIVATED = [
  { size: BACK_OFFICE_SIZES[0], company: 'Atelier Horizon', email: 'marc@atelier-horizon.example' },
  { size: BACK_OFFICE_SIZES[1], company: 'Atelier Lumière', email: 'lucie@atelier-lumiere.example' },
];

// The monthly order cancelled after its first month, at both screens, each with an order of its own
// (both names take « du »).
const MONTHLY_CANCELLED = [
  { size: BACK_OFFICE_SIZES[0], company: 'Le Fournil', email: 'paul@le-fournil.example', site: 'du Fournil' },
  {
    size: BACK_OFFICE_SIZES[1],
    company: 'Le Pressoir',
    email: 'rose@le-pressoir.example',
    site: 'du Pressoir',
  },
];

let server: AppServer;
let browser: Browser;
let admin: OrderAdmin;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
  admin = await orderAdminOf(server);
});
test.afterAll(async () => {
  await admin?.close();
});

/** The back-office, signed in at `viewport`, on the panel of the order of `company`. */
async function officeOn(company: string, orderId: string, viewport: { width: number; height: number }) {
  const office: Page = await sharedPage(browser, { viewport });
  await signInToBackOffice(office, server);
  await office
    .getByRole('list', { name: 'Liste des commandes' })
    .getByRole('button', { name: new RegExp(company) })
    .click();
  await office.waitForURL(new RegExp(`order=${orderId}`));
  const card = () =>
    office
      .getByRole('list', { name: 'Liste des commandes' })
      .getByRole('button', { name: new RegExp(company) });
  return { ...backOfficePanel(office, company), card };
}

test.describe('an order the team cancels, then reactivates', () => {
  for (const { size, company, email } of REACTIVATED)
    test(`at ${size.width}×${size.height}: is seen as such on both sides: the client area, the panel with the reactivation's reason and the emails`, async () => {
      const { orderId, setPasswordToken, adminToken } = await paidOrderOfNewClient(server, {
        companyName: company,
        contactEmail: email,
      });
      const client = await signInClient(browser, server, setPasswordToken, 'lumiere-du-matin');
      const area = () => client.getByRole('tabpanel');
      // Paid, the order is at the brief.
      await currentStepIs(client, server, orderId, 'brief');

      const { panel, card, act, expectStatus } = await officeOn(company, orderId, size);
      await expectStatus('Paiement requis');

      await act(
        'Annuler la commande',
        { "Motif de l'annulation": 'Client en congés' },
        "Confirmer l'annulation",
      );
      await expectStatus('Annulé');
      await expect(
        panel()
          .getByText(/Annulée le .* : Client en congés/)
          .first(),
      ).toBeVisible();

      // The client: the order is at no step, and says what happens next, with « d'Atelier ».
      await client.goto(`${server.url}/dashboard/${orderId}`);
      await reloadUntil(
        client,
        clientStatus(area(), 'Commande annulée'),
        'the client area shows it cancelled',
      );
      const notice = area().getByTestId('cancellation-notice');
      await expect(notice.getByRole('heading', { name: /^Commande annulée le / }).first()).toBeVisible();
      await expect(
        notice
          .getByText(new RegExp(`^Le projet du site d'${company} est arrêté et aucun autre paiement`))
          .first(),
      ).toBeVisible();
      // Within the 14-day guarantee the card payment is refunded through the provider, then credited.
      await expect(
        notice
          .getByText(
            /Vous avez réglé 588,60\s€\sTTC\. .*(588,60\s€\sTTC vous ont été remboursés|nous vous remboursons 588,60\s€\sTTC)/,
          )
          .first(),
      ).toBeVisible();
      await currentStepIs(client, server, orderId, null);

      const cancelled = await receivedEmail(server, adminToken, email, 'order-cancelled');
      expect(cancelled.subject).toMatch(/^Annulation de votre commande #\d+$/);
      expect(cancelled.text).toContain(`(site d'${company})`);
      expect(cancelled.text).toContain('le projet est arrêté et aucun autre paiement ne vous sera demandé');
      expect(cancelled.text).toMatch(
        /nous vous remboursons 588,60\s€\sTTC sur la carte utilisée pour le paiement/,
      );
      // A yearly order has no subscription to speak of.
      expect(cancelled.text).not.toContain('abonnement mensuel');

      // Reactivated where it was cancelled (« Paiement requis », decision 126), the cancellation gone from
      // each side; the deposit the guarantee refunded is owed again.
      await act(
        'Réactiver la commande (reprise en « Paiement requis »)',
        { 'Motif de la réactivation': 'Client de retour' },
        'Réactiver',
      );
      await expectStatus('Paiement requis');
      expect(
        await panel()
          .getByText(/Annulée le /)
          .count(),
      ).toBe(0);
      // The team's reason, on the panel.
      await expect(
        panel()
          .getByText(/Réactivée le .* : Client de retour/)
          .first(),
      ).toBeVisible();

      // The panel says the deposit is owed again, TTC, and so does the order's card in the list.
      await expect(
        panel()
          .getByText(/Acompte remboursé, dû à nouveau : 588,60\s€\sTTC/)
          .first(),
      ).toBeVisible();
      await expect(card().getByText(/Acompte remboursé, dû à nouveau : 588,60\s€\sTTC/)).toBeVisible();
      expect(await card().getByText('Aucun paiement').count()).toBe(0);

      await currentStepIs(client, server, orderId, 'payment');
      await reloadUntil(
        client,
        clientStatus(area(), 'Paiement requis'),
        'the client area shows the payment required',
      );
      expect(await area().getByTestId('cancellation-notice').count()).toBe(0);
      // The client area says it is active again, and what is owed again, with the way to pay it.
      const resumed = area().getByTestId('reactivation-notice');
      await expect(resumed.getByRole('heading', { name: /^Commande réactivée le / }).first()).toBeVisible();
      await expect(resumed.getByText(/^Votre commande est de nouveau active/).first()).toBeVisible();
      const owed = area().getByTestId('first-payment-owed');
      await expect(owed.getByText(/^L'acompte de 588,60\s€\sTTC vous a été remboursé/).first()).toBeVisible();
      await expect(owed.getByRole('button', { name: /^Payer l'acompte \(588,60\s€\sTTC\)$/ })).toBeVisible();

      // The client is told, in French, where the project resumes and what is owed, TTC.
      const reactivated = await receivedEmail(server, adminToken, email, 'order-reactivated');
      expect(reactivated.subject).toMatch(/^Votre commande #\d+ est de nouveau active$/);
      expect(reactivated.text).toContain('Le projet reprend au paiement de la commande');
      // The guarantee gave the deposit back: it is owed again (decision 126).
      expect(reactivated.text).toMatch(
        /L'acompte de 588,60\s€\sTTC n'est pas réglé \(ou vous a été remboursé\)/,
      );
      expect(reactivated.text).toMatch(/le solde vous sera demandé : [\d\s,]+€\sTTC/);
    });

  for (const { size, company, email, site } of MONTHLY_CANCELLED)
    test(`at ${size.width}×${size.height}: ends the running subscription of a monthly order cancelled after its first month, on both sides`, async () => {
      test.setTimeout(180_000);
      const { orderId, setPasswordToken, adminToken } = await paidOrderOfNewClient(server, {
        companyName: company,
        contactEmail: email,
        billingPeriod: 'monthly',
      });
      const client = await signInClient(browser, server, setPasswordToken, 'pain-de-campagne');
      const area = () => client.getByRole('tabpanel');
      await admin.run(orderId, ...untilPreviewSent(`preview.coseso.test/${orderId}`));
      await client.goto(`${server.url}/dashboard/${orderId}?tab=project`);
      await reloadUntil(client, clientStatus(area(), 'Maquette à relire'), 'the preview is to review');
      await area().getByRole('button', { name: 'Valider la maquette' }).click();
      await client.getByRole('dialog').getByRole('button', { name: 'Oui, je valide la maquette' }).click();
      await expect(area().getByTestId('approval-receipt').first()).toBeVisible();
      await admin.run(orderId, { type: 'RequestFinalPayment' });
      await client.goto(`${server.url}/dashboard/${orderId}?tab=project`);
      await reloadUntil(client, clientStatus(area(), 'Premier mois à régler'), 'the first month is due');
      await area()
        .getByRole('button', { name: /^Payer le premier mois/ })
        .click();
      await client.waitForURL(/\/sandbox\/checkout\//);
      await client.getByRole('button', { name: 'Payer', exact: true }).click();
      await client.waitForURL(/\/payment-final-success\//);
      await client.goto(`${server.url}/dashboard/${orderId}?tab=subscription`);
      await reloadUntil(
        client,
        area().getByRole('heading', { name: 'Abonnement actif' }),
        'the subscription runs',
      );

      const { panel, act, expectStatus } = await officeOn(company, orderId, size);
      await expectStatus('Prêt livraison');
      await expect(nextStepLine(panel())).toHaveText("À faire : Finaliser la livraison · depuis aujourd'hui");
      await expect(panel().getByText('Actif', { exact: true }).first()).toBeVisible();
      expect(await panelFact(panel(), 'Facturation', 'Mensualité')).toMatch(
        /^[\d ]+,\d\d € HT, soit [\d ]+,\d\d € TTC par mois$/,
      );
      await act(
        'Annuler la commande',
        { "Motif de l'annulation": 'Le client renonce' },
        "Confirmer l'annulation",
      );
      await expectStatus('Annulé');
      await expect(nextStepLine(panel())).toHaveText('Annulée');
      await expect(
        panel()
          .getByText(/^Arrêté le .* avec l'annulation de la commande$/)
          .first(),
      ).toBeVisible();

      await client.goto(`${server.url}/dashboard/${orderId}?tab=subscription`);
      await reloadUntil(
        client,
        area().getByRole('heading', { name: 'Abonnement annulé' }),
        'the subscription ended',
      );
      await expect(
        area()
          .getByText(/^Votre abonnement a pris fin le .* avec l'annulation de votre commande\./)
          .first(),
      ).toBeVisible();
      await client.goto(`${server.url}/dashboard/${orderId}?tab=project`);
      await expect(
        area()
          .getByTestId('cancellation-notice')
          .getByText(
            'Votre abonnement mensuel est arrêté avec elle : aucune mensualité ne sera plus prélevée.',
          )
          .first(),
      ).toBeVisible();
      expect(
        await area()
          .getByText(/n'est pas arrêté/)
          .count(),
      ).toBe(0);

      const cancelled = await receivedEmail(server, adminToken, email, 'order-cancelled');
      expect(cancelled.text).toContain(`(site ${site})`);
      expect(cancelled.text).toContain(
        'Votre abonnement mensuel est arrêté avec elle : aucune mensualité ne sera plus prélevée.',
      );
      // The provider's subscription is ended by its job.
      const { body: detail } = await callApi<{ subscriptionId: string }>(
        server,
        'GET',
        `/api/admin/orders/${orderId}`,
        undefined,
        { token: adminToken },
      );
      await eventually(
        async () => {
          const { body } = await callApi<{ status: string }>(
            server,
            'GET',
            `/api/sandbox/subscriptions/${detail.subscriptionId}`,
          );
          return body.status === 'canceled';
        },
        'the sandbox subscription is ended',
        20_000,
      );
    });
});
