import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { receivedEmail } from '../support/client-area.js';
import { callApi, completedOrder, paidOrderOfNewClient } from '../support/journey.js';
import { untilPreviewSent } from '@coseso/backend/write-side/testing/order-commands';
import { type OrderAdmin, orderAdminOf } from '../support/order-admin.js';
import { expect, test } from '../support/fixtures.js';

/**
 * axe-core over every screen of the public journey, the client area and the back-office, at the
 * statuses that change what they show: no serious or critical violation of WCAG 2.1 A and AA.
 * Each test lists every finding of its screens at once, so that one run says all there is to fix.
 */
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

const PASSWORD = 'croissant-au-beurre';

/** Opens `path`, waits until it has loaded what it shows, and gives the serious and critical findings. */
async function findings(page: Page, path: string): Promise<string[]> {
  await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 60_000 });
  return findingsOnScreen(page, path);
}

/** The serious and critical findings on what the page shows now (a dialog opened on it), named `where`. */
async function findingsOnScreen(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

async function scan(context: BrowserContext, paths: readonly string[]): Promise<string[]> {
  const page = await context.newPage();
  const found: string[] = [];
  for (const path of paths) found.push(...(await findings(page, path)));
  await context.close();
  return found;
}

const newContext = () => browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 1000 } });

test.describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  test('finds nothing serious on the public journey', async () => {
    test.setTimeout(180_000);
    const placed = await completedOrder(server);
    const { body } = await callApi<{ paymentUrl: string }>(
      server,
      'POST',
      `/api/orders/${placed}/payment-annual`,
    );
    const { body: draft } = await callApi<{ orderId: string }>(server, 'POST', '/api/create-order', {});
    const found = await scan(await newContext(), [
      '/',
      '/pricing',
      '/demo/onepage',
      `/order-form/${draft.orderId}`,
      `/order-form/${placed}`,
      `/order-confirmation/${placed}`,
      new URL(body.paymentUrl).pathname,
      `/payment-success/${placed}`,
      '/cgu',
      '/cgv',
      '/mentions-legales',
      '/politique-confidentialite',
      '/auth',
    ]);
    expect(found).toEqual([]);
  });

  test('finds nothing serious in the client area, from the first payment to a preview to review', async () => {
    test.setTimeout(240_000);
    const email = `axe-${Date.now()}@coseso.test`;
    const { orderId, setPasswordToken } = await paidOrderOfNewClient(server, { contactEmail: email });
    const context = await newContext();
    const page = await context.newPage();
    const found = await findings(page, `/auth/set-password?token=${encodeURIComponent(setPasswordToken)}`);
    await page.getByLabel('Nouveau mot de passe').fill(PASSWORD);
    await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer mon mot de passe', exact: true }).click();
    await page.waitForURL(/\/dashboard/);
    // Each status is scanned once the area shows it (the projections and the contract's job follow
    // the log): reloaded until `shown` is there.
    const once = async (path: string, shown: string) => {
      await expect(async () => {
        await page.goto(`${server.url}${path}`);
        await expect(page.getByText(shown).first(), `${path} shows « ${shown} »`).toBeVisible({
          timeout: 3_000,
        });
      }).toPass({ timeout: 60_000 });
      found.push(...(await findings(page, path)));
    };
    await once('/dashboard', 'Contrat à signer');
    for (const tab of ['project', 'media', 'domains', 'support'])
      found.push(...(await findings(page, `/dashboard/${orderId}?tab=${tab}`)));
    found.push(...(await findings(page, `/contract/${orderId}`)));
    await page.getByLabel('Nom et prénom').fill('Claire Martin');
    await page.getByRole('checkbox', { name: "J'ai lu et j'accepte le contrat" }).check();
    await page.getByRole('button', { name: 'Signer le contrat', exact: true }).click();
    await once('/dashboard', 'Contrat signé le');

    // The statuses that add to the area: the brief asked for, a preview to review.
    await admin.run(orderId, { type: 'OpenBrief' });
    await once(`/dashboard/${orderId}?tab=media`, 'Éléments manquants');
    const submitted = await page.evaluate(
      (id) =>
        fetch(`/api/client/orders/${id}/submit-brief`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ nothingToSend: true }),
        }).then((response) => response.status),
      orderId,
    );
    expect(submitted).toBeLessThan(300);
    await admin.run(
      orderId,
      { type: 'ValidateBrief', notes: 'Complet' },
      { type: 'StartProduction' },
      { type: 'SendReviewLink', reviewUrl: 'preview.coseso.test/axe-v1' },
    );
    await once(`/dashboard/${orderId}?tab=project`, 'Votre maquette est prête');
    await context.close();
    expect(found).toEqual([]);
  });

  test('finds nothing serious on every client-area screen at 390 and 1280 px, at each status that changes it', async () => {
    test.setTimeout(600_000);
    const widths = [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ] as const;
    const found: string[] = [];
    const context = await newContext();
    const page = await context.newPage();
    /** `path` scanned at both widths, once it shows `shown` (the read models follow the log); `then` opens a dialog on it, scanned too. */
    const atBothWidths = async (
      path: string,
      shown: string | RegExp | ((page: Page) => Locator),
      then?: { open: (page: Page) => Promise<void>; name: string },
    ) => {
      await expect(async () => {
        await page.goto(`${server.url}${path}`);
        const locator = typeof shown === 'function' ? shown(page) : page.getByText(shown);
        await expect(locator.first(), `${path} shows « ${String(shown)} »`).toBeVisible({
          timeout: 3_000,
        });
      }).toPass({ timeout: 60_000 });
      for (const size of widths) {
        await page.setViewportSize(size);
        found.push(...(await findings(page, path)).map((line) => `${line} at ${size.width} px`));
        // Nothing wider than the screen: a phone never scrolls sideways.
        const overflow = await page.evaluate('document.documentElement.scrollWidth');
        if ((overflow as number) > size.width) found.push(`${path}: ${overflow} px wide at ${size.width} px`);
        if (then) {
          await then.open(page);
          found.push(...(await findingsOnScreen(page, `${path} ${then.name} at ${size.width} px`)));
          await page.keyboard.press('Escape');
        }
      }
    };
    const invoices = {
      name: '« Vos factures »',
      open: async (page: Page) => {
        await page.getByRole('button', { name: 'Voir les factures' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Vos factures' });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText('Chargement des factures…')).toHaveCount(0);
      },
    };
    const tabPanel = (page: Page) => page.getByRole('tabpanel');
    const tabs = (orderId: string, except: readonly string[] = []) =>
      ['overview', 'project', 'media', 'messages', 'domains', 'support']
        .filter((tab) => !except.includes(tab))
        .map((tab) => `/dashboard/${orderId}?tab=${tab}`);

    // Signed out: the sign-in page, its « Mot de passe oublié » form, the set-password page.
    const email = `axe-ecrans-${Date.now()}@coseso.test`;
    const { orderId, setPasswordToken, adminToken } = await paidOrderOfNewClient(server, {
      contactEmail: email,
    });
    await atBothWidths('/auth', 'Connexion');
    await atBothWidths('/auth?mode=forgot', 'Mot de passe oublié');
    const setPassword = `/auth/set-password?token=${encodeURIComponent(setPasswordToken)}`;
    await atBothWidths(setPassword, 'Nouveau mot de passe');
    await page.getByLabel('Nouveau mot de passe').fill(PASSWORD);
    await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer mon mot de passe', exact: true }).click();
    await page.waitForURL(/\/dashboard/);

    // The contract to sign: the dashboard, every tab of the order, the contract, the invoices.
    await atBothWidths('/dashboard', 'Contrat à signer', invoices);
    for (const path of tabs(orderId, ['overview'])) await atBothWidths(path, tabPanel);
    await atBothWidths(`/contract/${orderId}`, 'Signer le contrat');
    await page.getByLabel('Nom et prénom').fill('Claire Martin');
    await page.getByRole('checkbox', { name: "J'ai lu et j'accepte le contrat" }).check();
    await page.getByRole('button', { name: 'Signer le contrat', exact: true }).click();
    await expect(page.getByText(/^Contrat signé le /).first()).toBeVisible();

    // The brief to send, then a request for more elements; a message of the team unread.
    await admin.run(orderId, { type: 'OpenBrief' });
    await atBothWidths(`/dashboard/${orderId}?tab=media`, 'Éléments manquants');
    await atBothWidths(`/dashboard/${orderId}?tab=project`, 'Statut : Brief à envoyer');
    const form = new FormData();
    form.append('text', 'Bonjour, il nous manque vos horaires d’ouverture.');
    const answered = await fetch(`${server.url}/api/admin/orders/${orderId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, origin: server.url },
      body: form,
    });
    expect(answered.status).toBe(200);
    await atBothWidths(`/dashboard/${orderId}?tab=overview`, 'Statut : Brief à envoyer');
    await atBothWidths(`/dashboard/${orderId}?tab=messages`, 'il nous manque vos horaires');

    // A preview to review, then the balance to pay, then the site delivered.
    await admin.run(
      orderId,
      { type: 'SubmitBrief', nothingToSend: true },
      { type: 'ValidateBrief', notes: 'Complet' },
      { type: 'StartProduction' },
      { type: 'SendReviewLink', reviewUrl: 'preview.coseso.test/axe-ecrans-v1' },
    );
    await atBothWidths(`/dashboard/${orderId}?tab=project`, 'Votre maquette est prête');
    const { body: order } = await callApi<{ clientId: string }>(
      server,
      'GET',
      `/api/admin/orders/${orderId}`,
      undefined,
      { token: adminToken },
    );
    await admin.runAsClient(orderId, order.clientId, { type: 'ApproveReview' });
    await admin.run(orderId, { type: 'RequestFinalPayment' });
    await atBothWidths(`/dashboard/${orderId}?tab=project`, 'Statut : Solde à régler');
    const paymentUrl = await page.evaluate(async (id) => {
      const response = await fetch(`/api/orders/${id}/regenerate-final-payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await response.json()) as { paymentUrl: string }).paymentUrl;
    }, orderId);
    await callApi(server, 'POST', `/api/sandbox/checkout/${paymentUrl.split('/').pop()}/pay`);
    await admin.run(orderId, { type: 'FinalizeDelivery', siteUrl: 'axe-ecrans.test' });
    await atBothWidths('/dashboard', 'Statut : Site livré', invoices);
    for (const path of tabs(orderId, ['overview'])) await atBothWidths(path, tabPanel);

    // A monthly order's subscription tab, and an order the team cancelled.
    const monthly = await paidOrderOfNewClient(server, {
      contactEmail: `axe-ecrans-mensuel-${Date.now()}@coseso.test`,
      billingPeriod: 'monthly',
    });
    await context.clearCookies();
    await page.goto(`${server.url}/auth/set-password?token=${encodeURIComponent(monthly.setPasswordToken)}`);
    await page.getByLabel('Nouveau mot de passe').fill(PASSWORD);
    await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer mon mot de passe', exact: true }).click();
    await page.waitForURL(/\/dashboard/);
    await atBothWidths(`/dashboard/${monthly.orderId}?tab=subscription`, 'Abonnement en préparation');
    await admin.run(monthly.orderId, { type: 'CancelOrder', reason: 'Projet abandonné' });
    await atBothWidths(`/dashboard/${monthly.orderId}?tab=project`, 'Statut : Commande annulée');
    await atBothWidths(`/dashboard/${monthly.orderId}?tab=overview`, 'Statut : Commande annulée');
    await context.close();
    expect(found).toEqual([]);
  });

  test('finds nothing serious once delivered: a monthly order with its subscription, a yearly one, and their panels', async () => {
    test.setTimeout(300_000);
    const context = await newContext();
    const found: string[] = [];
    const delivered: string[] = [];
    for (const billingPeriod of ['monthly', 'yearly'] as const) {
      const email = `axe-livre-${billingPeriod}-${Date.now()}@coseso.test`;
      const { orderId, setPasswordToken } = await paidOrderOfNewClient(server, {
        contactEmail: email,
        billingPeriod,
      });
      const page = await context.newPage();
      await page.goto(`${server.url}/auth/set-password?token=${encodeURIComponent(setPasswordToken)}`);
      await page.getByLabel('Nouveau mot de passe').fill(PASSWORD);
      await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
      await page.getByRole('button', { name: 'Enregistrer mon mot de passe', exact: true }).click();
      await page.waitForURL(/\/dashboard/);
      // The client's own calls, with the session the page holds.
      const asClient = (path: string, body: unknown = {}) =>
        page.evaluate(
          async ({ path, body }) => {
            const response = await fetch(path, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
            if (!response.ok) throw new Error(`${path} answered ${response.status}`);
            return (await response.json()) as { paymentUrl?: string };
          },
          { path, body },
        );
      await admin.run(orderId, ...untilPreviewSent(`preview.coseso.test/axe-${billingPeriod}`));
      await asClient(`/api/client/orders/${orderId}/review`, { reviewStatus: 'approved' });
      await admin.run(orderId, { type: 'RequestFinalPayment' });
      const { paymentUrl } = await asClient(
        billingPeriod === 'monthly'
          ? `/api/orders/${orderId}/payment-first-month`
          : `/api/orders/${orderId}/regenerate-final-payment`,
      );
      await callApi(server, 'POST', `/api/sandbox/checkout/${paymentUrl!.split('/').pop()}/pay`);
      // The sandbox's page posts its webhook before it answers: the order is paid by now.
      await admin.run(orderId, { type: 'FinalizeDelivery', siteUrl: `axe-${billingPeriod}.test` });
      await expect(async () => {
        await page.goto(`${server.url}/dashboard/${orderId}`);
        await expect(
          page.getByText('Statut : Site livré', { exact: true }),
          `the ${billingPeriod} order shows delivered`,
        ).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 60_000 });
      for (const tab of ['overview', 'project', 'media', 'domains', 'support'])
        found.push(...(await findings(page, `/dashboard/${orderId}?tab=${tab}`)));
      if (billingPeriod === 'monthly') {
        found.push(...(await findings(page, `/dashboard/${orderId}?tab=subscription`)));
        // What was scanned is the running subscription of a delivered site, with its management.
        await page.getByRole('heading', { name: 'Abonnement actif' }).waitFor();
        await page.getByRole('button', { name: "Annuler l'abonnement" }).waitFor();
      }
      delivered.push(orderId);
    }
    await context.close();

    const office = await newContext();
    const page = await office.newPage();
    const { body } = await callApi<{ token: string }>(server, 'POST', '/api/admin/login', {
      email: 'admin@coseso.test',
      password: 'secret-du-back-office',
    });
    await page.goto(`${server.url}/admin`);
    await page.evaluate(`window.localStorage.setItem('admin-token', ${JSON.stringify(body.token)})`);
    for (const orderId of delivered) found.push(...(await findings(page, `/admin?order=${orderId}`)));
    await office.close();
    expect(found).toEqual([]);
  });

  test('finds nothing serious on any back-office screen at 1440×900 and 1280×720, signed out and in, with the team dialog open', async () => {
    test.setTimeout(300_000);
    const orderId = await completedOrder(server);
    const { body } = await callApi<{ token: string }>(server, 'POST', '/api/admin/login', {
      email: 'admin@coseso.test',
      password: 'secret-du-back-office',
    });
    // A member added from « Équipe » gets a set-password link: its page, with a link that is ours.
    const invited = `axe-equipe-${Date.now()}@coseso.test`;
    await callApi(
      server,
      'POST',
      '/api/admin/team',
      { name: 'Axe Auditeur', email: invited, role: 'auditor', reason: 'Contrôle axe' },
      { token: body.token },
    );
    const mail = await receivedEmail(server, body.token, invited, 'team-invitation');
    const link = new URL(/https?:\/\/\S+\/admin\/set-password\?token=[A-Za-z0-9_%-]+/.exec(mail.text)![0]);
    const found: string[] = [];
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
    ]) {
      const at = ` at ${size.width}×${size.height}`;
      const context = await browser.newContext({ locale: 'fr-FR', viewport: size });
      const page = await context.newPage();
      for (const path of ['/admin', '/admin/forgot-password', `${link.pathname}${link.search}`])
        found.push(...(await findings(page, path)).map((line) => line + at));
      // The set-password page was scanned with its form, not as an invalid link.
      await expect(page.getByLabel('Nouveau mot de passe')).toBeVisible();
      await page.evaluate(`window.localStorage.setItem('admin-token', ${JSON.stringify(body.token)})`);
      for (const path of [
        '/admin',
        '/admin?view=board',
        `/admin?order=${orderId}`,
        `/admin?view=board&order=${orderId}`,
        `/admin/orders/${orderId}/history`,
        '/admin/events',
        '/admin/operations',
        '/admin/invoices',
        '/admin/team',
        '/admin/catalogue',
        '/admin/agency-identity',
        '/email-test',
      ])
        found.push(...(await findings(page, path)).map((line) => line + at));
      await page.goto(`${server.url}/admin/team`);
      await page.getByRole('main').getByRole('button', { name: 'Ajouter un membre' }).click();
      await expect(page.getByRole('dialog', { name: 'Ajouter un membre' })).toBeVisible();
      found.push(...(await findingsOnScreen(page, `« Ajouter un membre »${at}`)));
      await context.close();
    }
    expect(found).toEqual([]);
  });
  test('finds nothing serious on the back-office day at 1440×900 and 1280×720: the brief dialog, list and board beside the panel with every review round, the event log', async () => {
    test.setTimeout(300_000);
    const email = `axe-jour-${Date.now()}@coseso.test`;
    const { orderId, adminToken } = await paidOrderOfNewClient(server, { contactEmail: email });
    const { body: order } = await callApi<{ clientId: string | null }>(
      server,
      'GET',
      `/api/admin/orders/${orderId}`,
      undefined,
      { token: adminToken },
    );
    expect(order.clientId, 'the first payment opened the client account').not.toBeNull();
    const [contract, openBrief, submitBrief, ...production] = untilPreviewSent(
      'preview.coseso.test/axe-jour-v1',
    );
    await admin.run(orderId, contract!, openBrief!, submitBrief!);

    const found: string[] = [];
    const sizes = [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
    ];
    const context = await browser.newContext({ locale: 'fr-FR', viewport: sizes[0] });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    await page.evaluate(`window.localStorage.setItem('admin-token', ${JSON.stringify(adminToken)})`);
    for (const size of sizes) {
      await page.setViewportSize(size);
      const at = `${size.width}×${size.height}`;
      found.push(...(await findings(page, `/admin?order=${orderId}`)));
      await page.locator('[data-order-panel]').getByRole('button', { name: 'Valider le brief' }).click();
      await expect(page.getByRole('dialog').getByRole('list', { name: 'Checklist du brief' })).toBeVisible();
      found.push(...(await findingsOnScreen(page, `« Valider le brief » at ${at}`)));
      await page.keyboard.press('Escape');
    }

    await admin.run(orderId, ...production);
    await admin.runAsClient(orderId, order.clientId!, {
      type: 'RequestChanges',
      feedback: 'Le logo plus grand',
    });
    await admin.run(orderId, {
      type: 'CompleteChanges',
      reviewUrl: 'preview.coseso.test/axe-jour-v2',
      note: 'Logo agrandi',
    });
    for (const size of sizes) {
      await page.setViewportSize(size);
      for (const path of [
        `/admin?order=${orderId}`,
        `/admin?view=board&order=${orderId}`,
        '/admin/events?type=ChangesRequested',
      ])
        found.push(...(await findings(page, path)).map((line) => `${line} at ${size.width}×${size.height}`));
      await page.goto(`${server.url}/admin?order=${orderId}`);
      await expect(page.locator('[data-review-round]')).toHaveCount(2);
    }
    await context.close();
    expect(found).toEqual([]);
  });
});
