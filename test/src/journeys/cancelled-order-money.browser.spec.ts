import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { backOfficePanel } from '../support/back-office-panel.js';
import { paidOrderOfNewClient, signInToBackOffice } from '../support/journey.js';
import { expect, sharedPage, test } from '../support/fixtures.js';

// A cancelled order's panel says what its money became — paid, refunded, credited — and no longer
// what it would have charged (« Paiement du solde … non payé ») nor a review waiting for the client.

const COMPANY = 'Ébénisterie Morel';
let server: AppServer;
let browser: Browser;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
});

test('a cancellation within the guarantee: the panel says what was paid, the refund made and its credit note by number', async () => {
  const { orderId } = await paidOrderOfNewClient(server, {
    companyName: COMPANY,
    contactEmail: 'paul@ebenisterie-morel.example',
  });
  const office: Page = await sharedPage(browser, { viewport: { width: 1440, height: 900 } });
  await signInToBackOffice(office, server);
  await office
    .getByRole('list', { name: 'Liste des commandes' })
    .getByRole('button', { name: new RegExp(COMPANY) })
    .click();
  await office.waitForURL(new RegExp(`order=${orderId}`));
  const { panel, act, expectStatus } = backOfficePanel(office, COMPANY);
  await expect(
    panel()
      .getByText(/588,60\s€\sTTC · non payé/)
      .first(),
  ).toBeVisible();

  await act(
    'Annuler la commande',
    { "Motif de l'annulation": 'Le client renonce' },
    "Confirmer l'annulation",
  );
  await expectStatus('Annulé');

  await expect(panel().getByText('Argent de la commande annulée').first()).toBeVisible();
  const money = panel();
  await expect(money.getByTestId('cancelled-paid')).toContainText(
    /Acompte de 50 % : 588,60\s€\sTTC payé le \d+ \S+ \d{4} \(par carte\)/i,
  );
  // The refund asked of the provider is made, then its credit note issued: read again until both are.
  await expect(async () => {
    await office.reload();
    await expect(money.getByTestId('cancelled-refunds')).toContainText(
      /Remboursé par le prestataire : 588,60\s€\sTTC \(effectué\)/,
      { timeout: 2_000 },
    );
    await expect(money.getByTestId('cancelled-credits')).toContainText(
      /Avoir A-\d{4}-\d+ du \d+ \S+ \d{4} : 588,60\s€\sTTC \(corrige la facture F-\d{4}-\d+\)/,
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 60_000 });
  await expect(money.getByTestId('cancelled-refunds')).toContainText(
    /Remboursement de 588,60\s€\sTTC demandé le \d+ \S+ \d{4}/,
  );
  // What it would have charged is no longer said due.
  await expect(panel().getByText(/non payé/)).toHaveCount(0);
  await expect(panel().getByText('non dû : commande annulée').first()).toBeVisible();
});
