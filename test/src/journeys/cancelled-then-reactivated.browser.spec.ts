import { type Browser, type Page } from 'playwright-core';
import { type AppServer } from '../support/app-server.js';
import { backOfficePanel } from '../support/back-office-panel.js';
import {
  clientStatus,
  currentStepIs,
  receivedEmail,
  reloadUntil,
  signInClient,
} from '../support/client-area.js';
import { visible } from '../support/eventually.js';
import { paidOrderOfNewClient, signInToBackOffice, startJourney, stopJourney } from '../support/journey.js';

const EMAIL = 'lucie@atelier-lumiere.example';
const COMPANY = 'Atelier Lumière';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startJourney());
});
afterAll(async () => {
  await stopJourney({ server, browser });
});

describe('an order the team cancels, then reactivates', () => {
  it('is seen as such on both sides: the client area, the panel and the cancellation email', async () => {
    const { orderId, setPasswordToken, adminToken } = await paidOrderOfNewClient(server, {
      companyName: COMPANY,
      contactEmail: EMAIL,
    });
    const client = await signInClient(browser, server, setPasswordToken, 'lumiere-du-matin');
    const area = () => client.getByRole('tabpanel');
    // Paid, the order is at the brief.
    await currentStepIs(client, server, orderId, 'brief');

    const office: Page = await (
      await browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 1000 } })
    ).newPage();
    const { panel, act, expectStatus } = backOfficePanel(office, COMPANY);
    await signInToBackOffice(office, server);
    await office
      .getByRole('list', { name: 'Liste des commandes' })
      .getByRole('button', { name: new RegExp(COMPANY) })
      .click();
    await office.waitForURL(new RegExp(`order=${orderId}`));
    await expectStatus('Paiement requis');

    await act(
      'Annuler la commande',
      { "Motif de l'annulation": 'Client en congés' },
      "Confirmer l'annulation",
    );
    await expectStatus('Annulé');
    await visible(panel().getByText(/Annulée le .* : Client en congés/));

    // The client: the order is at no step, and says what happens next, with « d'Atelier ».
    await client.goto(`${server.url}/dashboard/${orderId}`);
    await reloadUntil(client, clientStatus(area(), 'Commande annulée'), 'the client area shows it cancelled');
    const notice = area().getByTestId('cancellation-notice');
    await visible(notice.getByRole('heading', { name: /^Commande annulée le / }));
    await visible(
      notice.getByText(/^Le projet du site d'Atelier Lumière est arrêté et aucun autre paiement/),
    );
    await visible(notice.getByText(/Vous avez réglé .*TTC.*remboursement intégral/));
    await currentStepIs(client, server, orderId, null);

    const cancelled = await receivedEmail(server, adminToken, EMAIL, 'order-cancelled');
    expect(cancelled.subject).toMatch(/^Annulation de votre commande #\d+$/);
    expect(cancelled.text).toContain("(site d'Atelier Lumière)");
    expect(cancelled.text).toContain('le projet est arrêté et aucun autre paiement ne vous sera demandé');
    expect(cancelled.text).toContain('remboursement intégral');
    // A yearly order has no subscription to speak of.
    expect(cancelled.text).not.toContain('abonnement mensuel');

    // Reactivated: back to the brief on both sides, the cancellation gone from each.
    await act('Réactiver la commande', {}, 'Réactiver');
    await expectStatus('Upload client');
    expect(
      await panel()
        .getByText(/Annulée le /)
        .count(),
    ).toBe(0);

    await currentStepIs(client, server, orderId, 'brief');
    await reloadUntil(
      client,
      clientStatus(area(), 'Brief à envoyer'),
      'the client area shows the brief to send',
    );
    expect(await area().getByTestId('cancellation-notice').count()).toBe(0);
  }, 120_000);
});
