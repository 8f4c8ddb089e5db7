import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { BACK_OFFICE_SIZES, backOfficePanel } from '../support/back-office-panel.js';
import { paidOrderOfNewClient, signInToBackOffice } from '../support/journey.js';
import { expect, sharedPage, test } from '../support/fixtures.js';

// A cancelled order's panel says what its money became — paid, refunded, credited — and no longer
// what it would have charged (« Paiement du solde … non payé ») nor a review waiting for the client.

// At both screens of the back-office, each with an order of its own.
const CANCELLED = [
  { size: BACK_OFFICE_SIZES[0], company: 'Ébénisterie Lenoir', email: 'anne@ebenisterie-lenoir.example' },
  { size: BACK_OFFICE_SIZES[1], company: 'Ébénisterie Morel', email: 'paul@ebenisterie-morel.example' },
];
let server: AppServer;
let browser: Browser;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
});

for (const { size, company, email } of CANCELLED)
  test(`at ${size.width}×${size.height}: a cancellation within the guarantee: the panel says what was paid, the refund made and its credit note by number`, async () => {
    const { orderId } = await paidOrderOfNewClient(server, {
      companyName: company,
      contactEmail: email,
    });
    const office: Page = await sharedPage(browser, { viewport: size });
    await signInToBackOffice(office, server);
    await office
      .getByRole('list', { name: 'Liste des commandes' })
      .getByRole('button', { name: new RegExp(company) })
      .click();
    await office.waitForURL(new RegExp(`order=${orderId}`));
    const { panel, act, expectStatus } = backOfficePanel(office, company);
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
    await office.context().close();
  });
