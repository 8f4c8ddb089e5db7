import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { BACK_OFFICE_SIZES, backOfficePanel } from '../support/back-office-panel.js';
import { emailsTo, receivedEmail, type SentEmail } from '../support/client-area.js';
import { eventually } from '../support/eventually.js';
import { type ApiAuth, callApi, paidOrderOfNewClient, signInToBackOffice } from '../support/journey.js';
import { orderAdminOf } from '../support/order-admin.js';
import { expect, sharedPage, test } from '../support/fixtures.js';
import { expectToast } from '../support/page-checks.js';

// Serial: its tests follow one another on the same page and order.
test.describe.configure({ mode: 'serial' });

// At both screens of the back-office, one after the other, each with an order of its own: the one
// before is still the team's to handle (its brief to validate) when the next one comes.
const CLIENTS = [
  {
    size: BACK_OFFICE_SIZES[0],
    company: 'Fromagerie Lemoine',
    email: 'paul@fromagerie-lemoin.example',
    corrected: 'paul@fromagerie-lemoine.example',
  },
  {
    size: BACK_OFFICE_SIZES[1],
    company: 'Crèmerie Bastide',
    email: 'rose@cremerie-bastid.example',
    corrected: 'rose@cremerie-bastide.example',
  },
];
const TEAM = 'support@coseso.fr';

let server: AppServer;
let browser: Browser;
let page: Page;
let orderId: string;
let adminToken: string;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
});

const call = <T>(method: string, path: string, body?: unknown, auth?: ApiAuth) =>
  callApi<T>(server, method, path, body, auth);
const queueLink = () =>
  page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: /^À traiter/ });
const ordersToHandle = (n: number) => `À traiter ${n} commande${n > 1 ? 's' : ''}`;

/** The team's alert about `company`'s order, once it is in the mailbox. */
async function teamAlertAbout(company: string): Promise<SentEmail> {
  let found: SentEmail | undefined;
  await eventually(
    async () => {
      found = (await emailsTo(server, adminToken, TEAM)).findLast(
        (e) => e.template === 'team-alert' && e.text.includes(`(${company})`),
      );
      return found !== undefined;
    },
    `the team is told about ${company}`,
    20_000,
  );
  return found!;
}

test.describe('the team is told when a client acts', () => {
  CLIENTS.forEach(({ size, company, email, corrected }, index) => {
    test(`at ${size.width}×${size.height}: the header counts the orders waiting on the team, and the team is emailed when the client sends the brief`, async () => {
      test.setTimeout(180_000);
      // The screen before's page makes way.
      if (index > 0) await page.context().close();
      page = await sharedPage(browser, { viewport: size });
      const paid = await paidOrderOfNewClient(server, { companyName: company, contactEmail: email });
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
      await expect(queueLink()).toHaveAccessibleName(ordersToHandle(index));

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
      await expect(queueLink()).toHaveAccessibleName(ordersToHandle(index + 1));
      await queueLink().click();
      await expect(page).toHaveURL(/queue=team/);
      await expect(
        page
          .getByRole('list', { name: 'Liste des commandes' })
          .getByRole('button', { name: new RegExp(company) }),
      ).toBeVisible();

      // And by email, in French, with the order's number and its link in the back-office.
      const alert = await teamAlertAbout(company);
      expect(alert.subject).toMatch(/^Brief envoyé – commande #\d+$/);
      expect(alert.text).toContain(`(${company}) : Le client a envoyé son brief, sans fichier`);
      expect(alert.text).toContain(`/admin?order=${orderId}`);
    });

    test(`at ${size.width}×${size.height}: correcting the email lets the team choose which emails already sent go again`, async () => {
      test.setTimeout(120_000);
      await page.goto(`${server.url}/admin?order=${orderId}`);
      const panel = backOfficePanel(page, company).panel();
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
      await dialog.getByLabel('Nouvel email').fill(corrected);
      await dialog.getByLabel('Motif de la correction').fill('Faute de frappe, confirmée par téléphone');
      await dialog.getByRole('button', { name: "Corriger l'email" }).click();
      await expectToast(page, 'Email corrigé');
      const receipt = await receivedEmail(server, adminToken, corrected, 'payment-receipt');
      expect(receipt.subject).toMatch(/#\d+/);
      // What was not ticked does not go (the e2e test of the correction proves it once the queue is empty).
      const templates = (await emailsTo(server, adminToken, corrected)).map((e) => e.template);
      expect(templates).not.toContain('contract-to-sign');
      expect(templates).not.toContain('brief-opened');
    });
  });

  test('the header wraps at 390 px: every link on the screen, nothing wider than it, the page axe clean', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin`);
    const nav = page.getByRole('navigation', { name: 'Back-office' });
    for (const name of [
      'Commandes',
      'Journal des événements',
      'Factures',
      'Offres et tarifs',
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
        .getByRole('button', { name: new RegExp(CLIENTS.at(-1)!.company) }),
    ).toBeVisible();
    const findings = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(findings.violations.map((v) => v.id)).toEqual([]);
  });
});
