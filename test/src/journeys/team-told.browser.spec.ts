import { AxeBuilder } from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { backOfficePanel } from '../support/back-office-panel.js';
import { emailsTo, receivedEmail } from '../support/client-area.js';
import { type ApiAuth, callApi, paidOrderOfNewClient, signInToBackOffice } from '../support/journey.js';
import { orderAdminOf } from '../support/order-admin.js';
import { expect, sharedPage, test } from '../support/fixtures.js';
import { expectToast } from '../support/page-checks.js';

// Serial: its tests follow one another on the same page and order.
test.describe.configure({ mode: 'serial' });

const COMPANY = 'Fromagerie Lemoine';
const EMAIL = 'paul@fromagerie-lemoin.example';
const CORRECTED = 'paul@fromagerie-lemoine.example';
const TEAM = 'support@coseso.fr';

let server: AppServer;
let page: Page;
let orderId: string;
let adminToken: string;

test.beforeAll(async ({ appOfFile, browser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  page = await sharedPage(browser, { viewport: { width: 1280, height: 720 } });
});

const call = <T>(method: string, path: string, body?: unknown, auth?: ApiAuth) =>
  callApi<T>(server, method, path, body, auth);
const queueLink = () =>
  page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: /^À traiter/ });

test.describe('the team is told when a client acts', () => {
  test('the header counts the orders waiting on the team, and the team is emailed when the client sends the brief', async () => {
    test.setTimeout(180_000);
    const paid = await paidOrderOfNewClient(server, { companyName: COMPANY, contactEmail: EMAIL });
    ({ orderId, adminToken } = paid);
    const { cookie } = await call('POST', '/api/auth/set-password', {
      token: paid.setPasswordToken,
      password: 'tomme-de-savoie',
    });
    // The team signs the contract in on paper and opens the brief: the client's move now.
    const admin = await orderAdminOf(server);
    try {
      await admin.run(
        orderId,
        { type: 'CorrectStatus', to: 'contract_signed', reason: 'Contrat signé sur papier' },
        { type: 'OpenBrief' },
      );
    } finally {
      await admin.close();
    }

    await signInToBackOffice(page, server);
    await expectToast(page, 'Connexion réussie');
    await expect(queueLink()).toHaveAccessibleName('À traiter 0 commande');

    // The client sends the brief elsewhere: the header says it when the tab comes back to the front.
    const { body } = await call<{ position: number }>(
      'POST',
      `/api/client/orders/${orderId}/submit-brief`,
      { nothingToSend: true },
      { cookie: cookie! },
    );
    await call('GET', `/api/admin/orders/${orderId}`, undefined, {
      token: adminToken,
      minPosition: body.position,
    });
    await page.evaluate("window.dispatchEvent(new Event('focus'))");
    await expect(queueLink()).toHaveAccessibleName('À traiter 1 commande');
    await queueLink().click();
    await expect(page).toHaveURL(/queue=team/);
    await expect(
      page
        .getByRole('list', { name: 'Liste des commandes' })
        .getByRole('button', { name: new RegExp(COMPANY) }),
    ).toBeVisible();

    // And by email, in French, with the order's number and its link in the back-office.
    const alert = await receivedEmail(server, adminToken, TEAM, 'team-alert');
    expect(alert.subject).toMatch(/^Brief envoyé – commande #\d+$/);
    expect(alert.text).toContain(`(${COMPANY}) : Le client a envoyé son brief, sans fichier`);
    expect(alert.text).toContain(`/admin?order=${orderId}`);
  });

  test('correcting the email lets the team choose which emails already sent go again', async () => {
    test.setTimeout(120_000);
    await page.goto(`${server.url}/admin?order=${orderId}`);
    const panel = backOfficePanel(page, COMPANY).panel();
    await panel.getByRole('button', { name: "Corriger l'email" }).click();
    const dialog = page.getByRole('dialog');
    const choice = dialog.getByRole('group', { name: 'E-mails à renvoyer à la nouvelle adresse' });
    // Newest first; the contract is signed and the receipt is history: nothing ticked at first.
    await expect(choice.getByRole('checkbox', { name: 'Reçu de paiement' })).not.toBeChecked();
    await expect(choice.getByRole('checkbox', { name: 'Contrat à signer' })).not.toBeChecked();
    await expect(choice.getByRole('checkbox', { name: 'Brief ouvert' })).not.toBeChecked();
    const findings = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(findings.violations.map((v) => v.id)).toEqual([]);

    await choice.getByRole('checkbox', { name: 'Reçu de paiement' }).check();
    await dialog.getByLabel('Nouvel email').fill(CORRECTED);
    await dialog.getByLabel('Motif de la correction').fill('Faute de frappe, confirmée par téléphone');
    await dialog.getByRole('button', { name: "Corriger l'email" }).click();
    await expectToast(page, 'Email corrigé');
    const receipt = await receivedEmail(server, adminToken, CORRECTED, 'payment-receipt');
    expect(receipt.subject).toMatch(/#\d+/);
    // What was not ticked does not go (the e2e test of the correction proves it once the queue is empty).
    const templates = (await emailsTo(server, adminToken, CORRECTED)).map((e) => e.template);
    expect(templates).not.toContain('contract-to-sign');
    expect(templates).not.toContain('brief-opened');
  });

  test('the header wraps at 390 px: every link on the screen, nothing wider than it, the page axe clean', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin`);
    const nav = page.getByRole('navigation', { name: 'Back-office' });
    for (const name of [
      'Commandes',
      'Journal des événements',
      'Factures',
      'Catalogue',
      'Opérations',
      'Équipe',
    ]) {
      const link = nav.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, `${name} fits in the screen`).toBeLessThanOrEqual(390);
    }
    await expect(queueLink()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeInViewport();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await expect(
      page
        .getByRole('list', { name: 'Liste des commandes' })
        .getByRole('button', { name: new RegExp(COMPANY) }),
    ).toBeVisible();
    const findings = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(findings.violations.map((v) => v.id)).toEqual([]);
  });
});
