import { parisDate } from '@coseso/domain/shared/calendar';
import { CUSTOMER_TIME_ZONE } from '@coseso/domain/shared/customer-time-zone';
import { ManualClock } from '@coseso/domain/shared/testing/manual-clock';
import { type Locator, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { BACK_OFFICE_SIZES, nextStepLine, panelFact as fact } from '../support/back-office-panel.js';
import { eventually } from '../support/eventually.js';
import { ADMIN, callApi, paidOrderOfNewClient, signInToBackOffice } from '../support/journey.js';
import { expect, sharedPage, test } from '../support/fixtures.js';
import { type OrderAdmin, orderAdminOf } from '../support/order-admin.js';
import { expectToast } from '../support/page-checks.js';

// Serial: its tests follow one another on the same page and orders.
test.describe.configure({ mode: 'serial' });

let server: AppServer;
let page: Page;
// The write side of this file's app with its clock three days back: orders older than today.
let threeDaysAgo: OrderAdmin;
const DAY_MS = 24 * 60 * 60 * 1000;

test.beforeAll(async ({ appOfFile, browser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  page = await sharedPage(browser, { viewport: { width: 1440, height: 1000 } });
  threeDaysAgo = await orderAdminOf(server, new ManualClock(new Date(Date.now() - 3 * DAY_MS)));
});
test.afterAll(async () => {
  await threeDaysAgo?.close();
});
test.beforeAll(async () => {
  await signInToBackOffice(page, server);
  await expectToast(page, 'Connexion réussie');
});

/** The panel of `company`, opened from the list. */
async function open(company: string): Promise<Locator> {
  await page.goto(`${server.url}/admin`);
  const card = page
    .getByRole('list', { name: 'Liste des commandes' })
    .getByRole('button', { name: new RegExp(company) });
  await expect(card.first()).toBeVisible({ timeout: 60_000 });
  await card.click();
  const panel = page.getByRole('region', { name: company });
  await expect(panel.first()).toBeVisible();
  return panel;
}

async function act(panel: Locator, button: string | RegExp, fill: Record<string, string>, confirm: string) {
  await panel.getByRole('group', { name: 'Actions' }).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.first()).toBeVisible();
  for (const [label, value] of Object.entries(fill)) {
    const field = dialog.getByLabel(label);
    if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
  await dialog.getByRole('button', { name: confirm }).last().click();
  await expect(dialog, 'the dialog closes').toHaveCount(0, { timeout: 60_000 });
}

const mailbox = async (to: string, template: string) => {
  const { body: login } = await callApi<{ token: string }>(server, 'POST', '/api/admin/login', ADMIN);
  const { body } = await callApi<{ emails: { to: string; template: string; text: string }[] }>(
    server,
    'GET',
    '/api/test/mailbox?limit=200',
    undefined,
    { token: login.token },
  );
  return body.emails.find((e) => e.to === to && e.template === template) ?? null;
};

// At both screens of the back-office, each with a yearly and a monthly order of its own.
const WHOLE_SALES = [
  {
    size: BACK_OFFICE_SIZES[0],
    yearly: { company: 'Épicerie Dorée', email: 'marc@epicerie-doree.example', domain: 'epicerie-doree' },
    monthly: { company: 'Studio Lumen', email: 'lea@studio-lumen.example' },
  },
  {
    size: BACK_OFFICE_SIZES[1],
    yearly: {
      company: 'Fromagerie Vermeil',
      email: 'anne@fromagerie-vermeil.example',
      domain: 'fromagerie-vermeil',
    },
    monthly: { company: 'Atelier Prisme', email: 'theo@atelier-prisme.example' },
  },
];

/** An order's card in the list, its spaces plain. */
const cardText = async (company: string) =>
  (
    (await page
      .getByRole('list', { name: 'Liste des commandes' })
      .getByRole('button', { name: new RegExp(company) })
      .textContent()) ?? ''
  ).replace(/[\u00a0\u202f]/g, ' ');
/** The TTC half of a panel's « … € HT, soit … € TTC ». */
const ttcOf = (value: string) => /soit ([\d ]+,\d\d € TTC)/.exec(value)![1]!;

test.describe('the panel shows the whole sale', () => {
  for (const { size, yearly: y, monthly: m } of WHOLE_SALES)
    test(`at ${size.width}×${size.height}: names every option with its price and labels every amount HT or TTC, yearly and monthly; the card says the same total and next step`, async () => {
      await page.setViewportSize(size);
      await paidOrderOfNewClient(server, {
        companyName: y.company,
        contactEmail: y.email,
        selectedTemplate: 'ecommerce',
        additionalOptions: { ecommercePro: true, aiChatbot: true },
        hostingOptions: {
          hostingType: 'included',
          dnsType: 'new',
          newDomainName: y.domain,
          domainExtension: '.fr',
          maintenanceMonthly: true,
          customEmails: true,
          backupMonthly: true,
        },
        customInspiration: 'Chaleureuse, bois et lumière dorée',
      });
      const yearly = await open(y.company);
      const sold = 'Ce qui a été vendu';
      expect(await fact(yearly, sold, 'Options payantes')).toBe(
        'E-commerce Pro (599,00 € HT/an)\nChatbot IA (199,00 € HT/an)',
      );
      expect(await fact(yearly, sold, 'Nom de domaine')).toBe(`${y.domain}.fr à réserver (15,00 € HT/an)`);
      expect(await fact(yearly, sold, 'Hébergement')).toBe('Hébergement Coseso (inclus)');
      // Included in the Coseso hosting: never a paid line (docs/decisions.md).
      expect(await fact(yearly, sold, 'Maintenance et mises à jour de sécurité')).toBe(
        'Incluse dans l’hébergement Coseso',
      );
      expect(await fact(yearly, sold, 'Adresses email personnalisées')).toBe('Oui, sans supplément');
      expect(await fact(yearly, sold, 'Sauvegarde mensuelle')).toBe('Oui, sans supplément');
      expect(await fact(yearly, sold, 'Ambiance souhaitée')).toBe('Chaleureuse, bois et lumière dorée');
      for (const label of ['Total de la première année', 'Acompte (50 %)', 'Solde (50 %)'])
        expect(await fact(yearly, 'Facturation', label)).toMatch(
          /^[\d ]+,\d\d € HT, soit [\d ]+,\d\d € TTC$/,
        );
      const deposit = ttcOf(await fact(yearly, 'Facturation', 'Acompte (50 %)'));
      expect(await fact(yearly, 'Facturation', "Paiement de l'acompte")).toMatch(
        new RegExp(`^${deposit} payé le .* \\(par carte\\)$`),
      );
      await expect(
        yearly
          .getByRole('list', { name: 'Actions du client' })
          .getByText(/^Acompte payé : .*\sTTC \(par carte\)$/)
          .first(),
      ).toBeVisible();
      // Paid, the contract is the client's to sign: the team is not told to do it.
      await expect(nextStepLine(yearly)).toHaveText(
        "En attente du client : signer le contrat · depuis aujourd'hui",
      );
      // The card says the year's total TTC, as the panel does, and the same next step.
      const yearTotal = ttcOf(await fact(yearly, 'Facturation', 'Total de la première année'));
      expect(await cardText(y.company)).toContain(`${yearTotal} la 1re année`);
      expect(await cardText(y.company)).toContain(
        "En attente du client : signer le contrat · depuis aujourd'hui",
      );

      await paidOrderOfNewClient(server, {
        companyName: m.company,
        contactEmail: m.email,
        billingPeriod: 'monthly',
      });
      const monthly = await open(m.company);
      expect(await fact(monthly, 'Facturation', 'Frais de mise en service')).toMatch(
        /^[\d ]+,\d\d € HT, soit [\d ]+,\d\d € TTC$/,
      );
      expect(await fact(monthly, 'Facturation', 'Mensualité')).toMatch(
        /^[\d ]+,\d\d € HT, soit [\d ]+,\d\d € TTC par mois$/,
      );
      expect(await monthly.locator('dl[aria-label="Facturation"] dt').allTextContents()).not.toContain(
        'Total',
      );
      await expect(nextStepLine(monthly)).toHaveText(
        "En attente du client : signer le contrat · depuis aujourd'hui",
      );
      const setupFee = ttcOf(await fact(monthly, 'Facturation', 'Frais de mise en service'));
      expect(await cardText(m.company)).toContain(`${setupFee} de mise en service`);
    });
});

// At both screens of the back-office, each with an order of its own (its reference too).
const OFFLINE_SALES = [
  {
    size: BACK_OFFICE_SIZES[0],
    company: 'Menuiserie Roux',
    typo: 'jean@menuiserie-rouxx.example',
    email: 'jean@menuiserie-roux.example',
    reference: 'VIR-2026-1127',
  },
  {
    size: BACK_OFFICE_SIZES[1],
    company: 'Charpente Blanc',
    typo: 'luc@charpente-blancc.example',
    email: 'luc@charpente-blanc.example',
    reference: 'VIR-2026-1128',
  },
];

/** A day (YYYY-MM-DD) as the panel writes it: « 7 décembre 2026 ». */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: CUSTOMER_TIME_ZONE }).format(
    new Date(`${day}T12:00:00Z`),
  );

test.describe('no dead end, and a corrected email', () => {
  for (const { size, company, typo, email, reference } of OFFLINE_SALES)
    test(`at ${size.width}×${size.height}: carries on a contract forced unpaid by recording the deposit received offline, shown at its received date; the corrected email gets the account mail`, async () => {
      await page.setViewportSize(size);
      // Placed three days ago (its creation is the first day a payment of it may have come in), its
      // deposit received the day after, recorded today.
      const orderId = await threeDaysAgo.completedOrder({ companyName: company, contactEmail: typo });
      let panel = await open(company);
      await act(
        panel,
        /^Correction : forcer « Contrat OK »/,
        { 'Motif de la correction': 'Virement annoncé par téléphone' },
        'Confirmer la correction',
      );
      await expectToast(page, 'Statut mis à jour');
      await expect(panel.getByText('Contrat forcé sans paiement').first()).toBeVisible();

      const received = parisDate(new Date(Date.now() - 2 * DAY_MS).toISOString());
      const today = parisDate(new Date().toISOString());
      await act(
        panel,
        "Enregistrer l'acompte (hors ligne)",
        {
          'Référence du paiement': reference,
          'Moyen de paiement': 'transfer',
          'Date de réception': received,
        },
        'Enregistrer le paiement',
      );
      await expectToast(page, 'Paiement enregistré');
      await expect(panel.getByText('Contrat forcé sans paiement'), 'the warning goes once paid').toHaveCount(
        0,
        { timeout: 60_000 },
      );
      const deposit = ttcOf(await fact(panel, 'Facturation', 'Acompte (50 %)'));
      expect(await fact(panel, 'Facturation', "Paiement de l'acompte")).toBe(
        `${deposit} reçu le ${longDay(received)} (virement, référence ${reference} ; enregistré le ${longDay(today)})`,
      );
      // The payments the order holds say the day it came in too, not the day it was recorded.
      await expect(panel.getByTestId('held-payments')).toHaveText(
        new RegExp(
          `^acompte de 50\\s% : ${deposit.replace(/ /g, '\\s')} payé le ${longDay(received)} \\(hors ligne\\)$`,
        ),
      );
      // The client's actions say the same day.
      await expect(
        panel
          .getByRole('list', { name: 'Actions du client' })
          .getByText(
            `(virement, référence ${reference}, reçu le ${received.split('-').reverse().join('/')})`,
            { exact: false },
          ),
      ).toBeVisible();
      // The account is opened as after a card payment: its email goes to the address typed.
      await eventually(
        async () => (await mailbox(typo, 'account-created')) !== null,
        'the account email is sent',
        20_000,
      );
      // The order is linked to its client once the account's email is asked for: the panel is read
      // again once the link is in the back-office's read model.
      await eventually(
        async () => {
          const { body: login } = await callApi<{ token: string }>(server, 'POST', '/api/admin/login', ADMIN);
          const { body } = await callApi<{ clientId: string | null }>(
            server,
            'GET',
            `/api/admin/orders/${orderId}`,
            undefined,
            { token: login.token },
          );
          return body.clientId !== null;
        },
        'the order is linked to its client',
        20_000,
      );
      panel = await open(company);

      // The address had a typo: corrected with a reason, the account email goes to the right one.
      await panel.getByRole('button', { name: "Corriger l'email" }).click();
      const dialog = page.getByRole('dialog');
      // It says which email will go again before it is confirmed, and what an empty form lacks.
      await expect(dialog).toContainText(
        'l’e-mail de création du compte y est renvoyé, avec un nouveau lien. Seuls les e-mails cochés ci-dessous y sont renvoyés',
      );
      await dialog.getByRole('button', { name: "Corriger l'email" }).click();
      await expect(dialog.getByText('Le nouvel email est requis')).toBeVisible();
      await expect(dialog.getByText('Le motif de la correction est requis')).toBeVisible();
      await dialog.getByLabel('Nouvel email').fill(email);
      await dialog.getByLabel('Motif de la correction').fill('Faute de frappe, confirmée par téléphone');
      await dialog.getByRole('button', { name: "Corriger l'email" }).click();
      await expectToast(page, 'Email corrigé');
      await expect(
        panel.getByText(email, { exact: true }),
        'the panel shows the new address',
      ).not.toHaveCount(0);
      await eventually(
        async () => (await mailbox(email, 'account-created')) !== null,
        'the account email reaches the corrected address',
        20_000,
      );
      // The mail's link lets the client choose a password and sign in with the corrected address.
      const mail = (await mailbox(email, 'account-created'))!;
      const link = /https?:\/\/\S+\/auth\/set-password\?token=[^\s)"]+/.exec(mail.text)![0];
      const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(link)![1]!);
      await callApi(server, 'POST', '/api/auth/set-password', { token, password: 'copeaux-de-chene' });
      await callApi(server, 'POST', '/api/auth/login', {
        email,
        password: 'copeaux-de-chene',
      });
    });
});
