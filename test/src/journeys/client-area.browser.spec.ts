import { type Browser, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { eventually } from '../support/eventually.js';
import { paidOrderOfNewClient } from '../support/journey.js';
import {
  type SentEmail,
  clientStatus as status,
  currentStepIs as currentStepOf,
  emailsTo as emailsToAddress,
  receivedEmail,
  reloadUntil,
  signInClient,
} from '../support/client-area.js';
import { untilPreviewSent } from '@coseso/backend/write-side/testing/order-commands';
import { type OrderAdmin, orderAdminOf } from '../support/order-admin.js';
import { expect, sharedPage, test } from '../support/fixtures.js';
import { toastOf } from '../support/page-checks.js';

test.use({ appEnv: { PUBLIC_URL: 'http://localhost:3000' } });

const PASSWORD = 'croissant-au-beurre';
// A 1×1 PNG: the server types uploads from their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: AppServer;
let browser: Browser;
let admin: OrderAdmin;
let adminToken: string;

// The app listens on a port of its own while PUBLIC_URL still names port 3000, as an .env written
// for 3000 does after `PORT=4000 npm start`: its own pages' writes are same-origin all the same.
test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
  admin = await orderAdminOf(server);
});
test.afterAll(async () => {
  await admin?.close();
});

/** An order whose first payment is made, and the set-password token of its client's account, through the API. */
async function paidOrderAndToken(
  email: string,
  form: Record<string, unknown> = {},
): Promise<{ orderId: string; token: string }> {
  const { orderId, setPasswordToken, ...rest } = await paidOrderOfNewClient(server, {
    ...form,
    contactEmail: email,
  });
  adminToken = rest.adminToken;
  return { orderId, token: setPasswordToken };
}

/** The emails sent to `address`, oldest first. */
const emailsTo = (address: string) => emailsToAddress(server, adminToken, address);

/**
 * Waits until the mailbox of `address` holds exactly `templates` (in any order: each comes from its
 * own job); gives the latest email of the last template named.
 */
async function mailboxHolds(address: string, templates: string[]): Promise<SentEmail> {
  const expected = [...templates].sort();
  let seen: string[] = [];
  let emails: SentEmail[] = [];
  await eventually(
    async () => {
      emails = await emailsTo(address);
      seen = emails.map((e) => e.template).sort();
      return JSON.stringify(seen) === JSON.stringify(expected);
    },
    `the emails to ${address} are ${expected.join(', ')}`,
    20_000,
  ).catch(() => expect(seen).toEqual(expected));
  return emails.findLast((e) => e.template === templates.at(-1))!;
}

/** Waits for the email of `template` to `address`, and gives it. */
const received = (address: string, template: string) => receivedEmail(server, adminToken, address, template);

const signIn = (token: string) => signInClient(browser, server, token, PASSWORD);
const currentStepIs = (page: Page, orderId: string, key: string | null) =>
  currentStepOf(page, server, orderId, key);

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel');

/** The red dots of the tabs, as the page shows them. */
async function dots(page: Page): Promise<string[]> {
  return page
    .locator('[role="tab"][data-action-required="true"]')
    .evaluateAll((tabs) => tabs.map((t) => t.textContent?.trim() ?? ''));
}

/**
 * Waits until the timeline shows `expected`: the order's status (its current step) and the events
 * dating each step come from two read models, so a step may show done a moment before its date.
 */
async function timelineShows(page: Page, expected: string[]): Promise<void> {
  await expect(async () => {
    const seen = await timeline(page);
    if (JSON.stringify(seen) !== JSON.stringify(expected)) {
      await page.reload();
      await page.waitForLoadState('networkidle');
    }
    expect(seen, 'the timeline').toEqual(expected);
  }).toPass({ timeout: 60_000 });
}

async function projectShows(page: Page, orderId: string, label: string, percent: string) {
  await page.goto(`${server.url}/dashboard/${orderId}`);
  await reloadUntil(page, status(panel(page), label), `the status is ${label}`);
  await expect(
    panel(page).getByTestId('progress-percent').getByText(percent, { exact: true }).first(),
  ).toBeVisible();
}

/** The steps of the timeline as [key, state, dated]. */
async function timeline(page: Page): Promise<string[]> {
  await expect(page.locator('[data-step]').first()).toBeVisible();
  return page
    .locator('[data-step]')
    .evaluateAll((steps) =>
      steps.map(
        (s) =>
          `${s.getAttribute('data-step')}:${s.getAttribute('data-state')}${/Le \d/.test(s.textContent ?? '') ? ':daté' : ''}`,
      ),
    );
}

test.describe('a yearly order followed from the client area, from the deposit to delivery', () => {
  const CLAIRE = 'claire@port-4000.example';
  /** The emails the client has had so far: each test adds those of its steps. */
  const yearlyEmails = ['order-confirmation', 'payment-receipt', 'account-created', 'contract-to-sign'];
  let page: Page;
  let orderId: string;

  test.afterEach(async () => {
    if (page) await page.screenshot({ path: '/tmp/client-area.png', fullPage: true }).catch(() => {});
  });

  test('signs the contract: the deposit and the contract move the progress, and nothing calls for action', async () => {
    let token: string;
    ({ orderId, token } = await paidOrderAndToken(CLAIRE, {
      logoOption: 'client',
      contentOption: 'ai',
    }));
    expect(new URL(server.url).port).not.toBe('3000');
    page = await signIn(token);
    // `/` is the client area for a signed-in client.
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByRole('link', { name: 'Nouvelle commande' }).getAttribute('href')).toBe('/pricing');

    // The overview: one accordion item, opened, with the progress of the deposit.
    await expect(page.getByRole('tab', { name: "Vue d'ensemble", selected: true }).first()).toBeVisible();
    const item = page.locator(`#order-${orderId}`);
    // The contract is made by a job just after the payment.
    await reloadUntil(page, status(item, 'Contrat à signer'), 'the contract is issued');
    await expect(
      item.getByTestId('progress-percent').getByText('10 %', { exact: true }).first(),
    ).toBeVisible();
    await expect(item.getByText('Facturation TTC').first()).toBeVisible();
    // The pages and sections are the features chosen in the wizard, never « — ».
    expect(
      await item.getByText('Pages et sections').locator('xpath=following-sibling::dd').textContent(),
    ).not.toBe('—');
    await expect(item.getByText('588,60\u00a0€').first()).toBeVisible();
    expect(await dots(page)).toEqual([]);

    // A cookie-carrying write: refused as "Origine non autorisée" when only PUBLIC_URL counted.
    await item.getByRole('link', { name: 'Signer mon contrat' }).click();
    await page.getByLabel('Nom et prénom').fill('Claire Martin');
    await page.getByRole('checkbox', { name: "J'ai lu et j'accepte le contrat" }).check();
    await page.getByRole('button', { name: 'Signer le contrat', exact: true }).click();
    await expect(toastOf(page, 'Contrat signé').first()).toBeVisible();
    await expect(
      page
        .locator(`#order-${orderId}`)
        .getByText(/^Contrat signé le /)
        .first(),
    ).toBeVisible();
    await expect(
      page.locator(`#order-${orderId}`).getByTestId('progress-percent').getByText('15 %').first(),
    ).toBeVisible();
    await mailboxHolds(CLAIRE, yearlyEmails);
    await currentStepIs(page, orderId, 'brief');
  });

  test('sends a logo and a site map and submits the brief; the media dot goes once the logo is there', async () => {
    await admin.run(orderId, { type: 'OpenBrief' });
    await currentStepIs(page, orderId, 'brief');
    await page.goto(`${server.url}/dashboard/${orderId}?tab=media`);
    await reloadUntil(page, page.getByText('Éléments manquants'), 'the brief is open');
    expect(await dots(page)).toEqual(['Médias']);
    await expect(panel(page).getByText('Votre logo', { exact: true }).first()).toBeVisible();
    await expect(
      panel(page).getByTestId('storage-used').getByText('0 Mo utilisé sur 50 Mo').first(),
    ).toBeVisible();

    // Checked before sending: a format the server would refuse never leaves the browser.
    const files = panel(page).getByLabel('Fichiers', { exact: true });
    await files.setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: PNG });
    await panel(page).getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expect(
      panel(page)
        .getByRole('alert')
        .getByText("« virus.exe » n'est pas un format accepté (PNG, JPG, TXT, DOC, DOCX ou PDF).")
        .first(),
    ).toBeVisible();

    await panel(page).getByLabel('Catégorie').selectOption('logo');
    await files.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await panel(page).getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expect(toastOf(page, 'Fichiers uploadés').first()).toBeVisible();
    await expect(panel(page).getByText('logo.png', { exact: true }).first()).toBeVisible();
    await expect.poll(() => dots(page), { message: 'the media dot goes', timeout: 60_000 }).toEqual([]);
    expect(await page.getByText('Éléments manquants').count()).toBe(0);

    await panel(page).getByLabel('Catégorie').selectOption('arborescence');
    await files.setInputFiles({
      name: 'plan-du-site.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Accueil\n  La boulangerie\n  Nos pains\nContact\n'),
    });
    await panel(page).getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expect(panel(page).getByText('plan-du-site.txt', { exact: true }).first()).toBeVisible();
    await expect(panel(page).getByRole('heading', { name: 'Arborescence du site' }).first()).toBeVisible();
    // Small files have their size in octets or Ko, never « 0 Mo ».
    const sizes = `${PNG.length + 45} octets utilisés sur 50 Mo`;
    await expect(panel(page).getByTestId('storage-used').getByText(sizes).first()).toBeVisible();
    await expect(panel(page).getByText(`${PNG.length} octets`, { exact: false }).first()).toBeVisible();

    // An empty file is refused as empty; deleting a file asks first.
    await files.setInputFiles({ name: 'vide.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
    await panel(page).getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expect(
      panel(page)
        .getByRole('alert')
        .getByText(/« vide\.txt » est vide \(0 octet\)/)
        .first(),
    ).toBeVisible();
    await files.setInputFiles({
      name: 'brouillon.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'.repeat(2048)),
    });
    await panel(page).getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expect(panel(page).getByText('brouillon.txt', { exact: true }).first()).toBeVisible();
    await expect(panel(page).getByText(/^2 Ko/).first()).toBeVisible();
    await panel(page).getByRole('button', { name: 'Supprimer brouillon.txt' }).click();
    const confirmDelete = page.getByRole('dialog');
    await expect(confirmDelete.getByText('Supprimer « brouillon.txt » ?').first()).toBeVisible();
    await confirmDelete.getByRole('button', { name: 'Supprimer le fichier' }).click();
    await expect(toastOf(page, 'Fichier supprimé').first()).toBeVisible();
    await expect(panel(page).getByText('brouillon.txt', { exact: true }), 'the file is gone').toHaveCount(0);

    await panel(page).getByRole('button', { name: 'Soumettre le brief' }).click();
    await expect(toastOf(page, 'Brief soumis').first()).toBeVisible();
    await expect(
      panel(page)
        .getByText(/^Brief soumis le /)
        .first(),
    ).toBeVisible();
    // The delete buttons go with the submitted brief.
    expect(await panel(page).getByRole('button', { name: 'Supprimer logo.png' }).count()).toBe(0);

    // « Demander plus d'éléments » reaches the media tab, with its dot, until the brief goes back.
    await admin.run(orderId, { type: 'RequestMoreElements', message: "Il manque vos horaires d'ouverture." });
    const request = panel(page).getByTestId('more-elements-request');
    await reloadUntil(page, request, 'the request for more elements shows');
    await expect(
      request.getByText("Il manque vos horaires d'ouverture.", { exact: true }).first(),
    ).toBeVisible();
    expect(await dots(page)).toEqual(['Médias']);
    expect(await tab(page, 'Médias').getAttribute('aria-describedby')).toBeTruthy();
    await panel(page).getByRole('button', { name: 'Soumettre le brief' }).click();
    await expect(toastOf(page, 'Brief soumis').first()).toBeVisible();
    await expect(request, 'the request goes with the brief sent back').toHaveCount(0);
    expect(await dots(page)).toEqual([]);
    yearlyEmails.push('brief-opened', 'brief-received', 'more-elements-requested', 'brief-received');
    await mailboxHolds(CLAIRE, yearlyEmails);
    const requestEmail = (await emailsTo(CLAIRE)).find((e) => e.template === 'more-elements-requested')!;
    expect(requestEmail.text).toContain("Il manque vos horaires d'ouverture.");

    await tab(page, 'Suivi projet').click();
    await expect(
      panel(page).getByTestId('progress-percent').getByText('25 %', { exact: true }).first(),
    ).toBeVisible();
    // Submitted, the brief is still the current step until the team validates it and starts production.
    await timelineShows(page, [
      'payment:done:daté',
      'brief:current',
      'development:upcoming',
      'revisions:upcoming',
      'final-payment:upcoming',
      'delivery:upcoming',
      'support:upcoming',
    ]);
  });

  test('reviews the preview: asks for changes on the first round, approves the second, and keeps the receipt', async () => {
    await admin.run(
      orderId,
      { type: 'ValidateBrief', notes: 'Complet' },
      { type: 'StartProduction' },
      { type: 'SendReviewLink', reviewUrl: 'preview.coseso.test/martin-v1' },
    );
    await projectShows(page, orderId, 'Maquette à relire', '55 %');
    expect(await dots(page)).toEqual(['Suivi projet']);
    await currentStepIs(page, orderId, 'revisions');
    const preview = panel(page).getByRole('link', { name: /Voir la maquette/ });
    expect(await preview.getAttribute('href')).toBe('https://preview.coseso.test/martin-v1');

    await panel(page).getByRole('button', { name: 'Demander des modifications' }).click();
    const dialog = page.getByRole('dialog');
    const send = dialog.getByRole('button', { name: 'Envoyer mes commentaires' });
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Vos commentaires').fill('   ');
    await dialog.getByLabel('Vos commentaires').blur();
    await expect(dialog.getByText('Commentaires requis').first()).toBeVisible();
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Vos commentaires').fill('Le logo plus grand, et les horaires en bas de page.');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(toastOf(page, 'Retour envoyé').first()).toBeVisible();
    await expect(panel(page).getByText('Modifications en cours').first()).toBeVisible();
    await expect(
      panel(page).getByTestId('progress-percent').getByText('55 %', { exact: true }).first(),
    ).toBeVisible();
    expect(await dots(page)).toEqual([]);
    await currentStepIs(page, orderId, 'revisions');

    await admin.run(orderId, {
      type: 'CompleteChanges',
      reviewUrl: 'https://preview.coseso.test/martin-v2',
      note: 'Logo agrandi, horaires ajoutés.',
    });
    await projectShows(page, orderId, 'Maquette à relire', '55 %');
    await expect(panel(page).getByText('Votre maquette est prête (version 2)').first()).toBeVisible();
    await expect(
      panel(page).getByTestId('review-note').getByText('Logo agrandi, horaires ajoutés.').first(),
    ).toBeVisible();
    expect(await dots(page)).toEqual(['Suivi projet']);
    // Approving asks first: it cannot be undone.
    await panel(page).getByRole('button', { name: 'Valider la maquette' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText('Valider la version 2 de votre maquette ?').first()).toBeVisible();
    await expect(confirm.getByText(/Le solde de 50 % vous sera ensuite demandé/).first()).toBeVisible();
    await confirm.getByRole('button', { name: 'Oui, je valide la maquette' }).click();
    await expect(toastOf(page, 'Retour envoyé').first()).toBeVisible();
    await expect(
      panel(page)
        .getByTestId('approval-receipt')
        .getByText(/^Maquette v2 validée le .+ par Claire Martin$/)
        .first(),
    ).toBeVisible();
    expect(await panel(page).getByRole('button', { name: 'Valider la maquette' }).count()).toBe(0);
    // Each round stays in view, newest first: its link, the team's note, the client's answer.
    const rounds = panel(page).getByRole('list', { name: 'Versions de la maquette' }).getByRole('listitem');
    await expect(rounds, 'two review rounds are listed').toHaveCount(2);
    await expect(
      rounds
        .nth(0)
        .getByText(/^Validée le /)
        .first(),
    ).toBeVisible();
    await expect(
      rounds.nth(0).getByText('Logo agrandi, horaires ajoutés.', { exact: false }).first(),
    ).toBeVisible();
    await expect(
      rounds
        .nth(1)
        .getByText(/^Modifications demandées le /)
        .first(),
    ).toBeVisible();
    await expect(
      rounds.nth(1).getByText('Le logo plus grand, et les horaires en bas de page.').first(),
    ).toBeVisible();
    expect(
      await rounds
        .nth(1)
        .getByRole('link', { name: /Voir la version 1/ })
        .getAttribute('href'),
    ).toBe('https://preview.coseso.test/martin-v1');
    await timelineShows(page, [
      'payment:done:daté',
      'brief:done:daté',
      'development:done:daté',
      'revisions:done:daté',
      'final-payment:current',
      'delivery:upcoming',
      'support:upcoming',
    ]);
    yearlyEmails.push('brief-validated', 'review-ready', 'changes-done');
    await mailboxHolds(CLAIRE, yearlyEmails);
  });

  test('is emailed the balance due, pays it in the sandbox, then sees its site delivered', async () => {
    // The account manager's upsell says its price before the checkout, HT and TTC.
    await expect(
      panel(page)
        .getByTestId('upsell-price')
        .getByText(/299,00\s€\sHT pour 1 an, soit 358,80\s€\sTTC/)
        .first(),
    ).toBeVisible();
    await admin.run(orderId, { type: 'RequestFinalPayment' });
    await projectShows(page, orderId, 'Solde à régler', '80 %');
    expect(await dots(page)).toEqual(['Suivi projet']);
    yearlyEmails.push('final-payment-due');
    const due = await mailboxHolds(CLAIRE, yearlyEmails);
    expect(due.subject).toMatch(/^Maquette validée : réglez le solde – commande #\d+$/);
    expect(due.text).toContain('588,60\u00a0€\u00a0TTC');
    expect(due.text).toContain(`/dashboard/${orderId}?tab=project`);
    // The receipt stays; the review buttons are hidden while the payment is awaited.
    await expect(panel(page).getByTestId('approval-receipt').first()).toBeVisible();
    expect(await panel(page).getByRole('button', { name: 'Demander des modifications' }).count()).toBe(0);

    // The payment links are made on PUBLIC_URL, which names port 3000 here: sent to the app's own port.
    await page.route('http://localhost:3000/**', (route) =>
      route.fulfill({
        status: 302,
        headers: {
          location: `${server.url}${new URL(route.request().url()).pathname}${new URL(route.request().url()).search}`,
        },
      }),
    );
    await panel(page)
      .getByRole('button', { name: /^Payer le solde \(588,60\s€ TTC\)$/ })
      .click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await page.waitForURL(/\/payment-final-success\//);

    await projectShows(page, orderId, 'En attente de livraison', '90 %');
    expect(await dots(page)).toEqual([]);
    await currentStepIs(page, orderId, 'delivery');

    await admin.run(orderId, { type: 'FinalizeDelivery', siteUrl: 'https://boulangerie-martin.test' });
    await projectShows(page, orderId, 'Site livré', '100 %');
    await timelineShows(page, [
      'payment:done:daté',
      'brief:done:daté',
      'development:done:daté',
      'revisions:done:daté',
      'final-payment:done:daté',
      'delivery:done:daté',
      'support:current',
    ]);
    await tab(page, "Vue d'ensemble").click();
    const site = page.locator(`#order-${orderId}`).getByRole('link', { name: /Voir le site/ });
    expect(await site.getAttribute('href')).toBe('https://boulangerie-martin.test/');
    yearlyEmails.push('payment-receipt', 'delivered');
    await mailboxHolds(CLAIRE, yearlyEmails);

    // The domain chosen in the wizard is in the yearly price, paid already: nothing asks for it again.
    await tab(page, 'Domaines').click();
    await expect(
      panel(page)
        .getByText(/Compris dans votre commande .* rien de plus à payer/)
        .first(),
    ).toBeVisible();
    expect(await panel(page).getByRole('button', { name: 'Payer le domaine' }).count()).toBe(0);

    // The confirmation page of a paid order no longer asks for the first payment.
    await page.goto(`${server.url}/order-confirmation/${orderId}`);
    await expect(page.getByRole('heading', { name: 'Suivre votre commande' }).first()).toBeVisible();
    expect(await page.getByText(/Réglez votre premier paiement/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Procéder au paiement' }).count()).toBe(0);
  });
});

test.describe('a monthly order: the first month starts the subscription, which the client then cancels', () => {
  let page: Page;
  let orderId: string;

  test.afterEach(async () => {
    if (page) await page.screenshot({ path: '/tmp/client-area-monthly.png', fullPage: true }).catch(() => {});
  });

  test('shows the subscription in preparation, then pays the first month after approving the preview', async () => {
    let token: string;
    ({ orderId, token } = await paidOrderAndToken('abonnement@port-4000.example', {
      billingPeriod: 'monthly',
    }));
    page = await signIn(token);
    await tab(page, 'Abonnement').click();
    await expect(
      panel(page).getByRole('heading', { name: 'Abonnement en préparation' }).first(),
    ).toBeVisible();
    await expect(
      panel(page).getByTestId('subscription-start').getByText('Au paiement du premier mois').first(),
    ).toBeVisible();
    await expect(
      panel(page).getByTestId('subscription-delivery').getByText('À venir', { exact: true }).first(),
    ).toBeVisible();
    expect(await panel(page).getByText('Date de livraison').count()).toBe(0);
    expect(await panel(page).getByRole('button', { name: "Annuler l'abonnement" }).count()).toBe(0);

    await admin.run(orderId, ...untilPreviewSent('preview.coseso.test/abonnement'));
    await projectShows(page, orderId, 'Maquette à relire', '55 %');
    expect(await dots(page)).toEqual(['Suivi projet']);
    await currentStepIs(page, orderId, 'revisions');
    await received('abonnement@port-4000.example', 'review-ready');
    await panel(page).getByRole('button', { name: 'Valider la maquette' }).click();
    await expect(
      page
        .getByRole('dialog')
        .getByText(/Le premier mois de votre abonnement vous sera/)
        .first(),
    ).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Oui, je valide la maquette' }).click();
    await expect(
      panel(page)
        .getByTestId('approval-receipt')
        .getByText(/^Maquette v1 validée le /)
        .first(),
    ).toBeVisible();

    await admin.run(orderId, { type: 'RequestFinalPayment' });
    await projectShows(page, orderId, 'Premier mois à régler', '80 %');
    expect(await dots(page)).toEqual(['Suivi projet']);
    await currentStepIs(page, orderId, 'final-payment');
    const due = await received('abonnement@port-4000.example', 'final-payment-due');
    expect(due.subject).toMatch(/^Maquette validée : activez votre abonnement – commande #\d+$/);
    expect(due.text).toContain(`/dashboard/${orderId}?tab=project`);
    await currentStepIs(page, orderId, 'final-payment');
    await page.route('http://localhost:3000/**', (route) => {
      const url = new URL(route.request().url());
      return route.fulfill({
        status: 302,
        headers: { location: `${server.url}${url.pathname}${url.search}` },
      });
    });
    await panel(page)
      .getByRole('button', { name: /^Payer le premier mois/ })
      .click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    // A failed payment: its page offers to try again, and so does the client area.
    await page.getByRole('button', { name: 'Simuler un échec', exact: true }).click();
    await page.waitForURL(/\/payment-final-success\//);
    await expect(page.getByRole('heading', { name: 'Paiement échoué' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Réessayer le paiement' }).first()).toBeVisible();
    await page.goto(`${server.url}/dashboard/${orderId}`);
    await reloadUntil(page, panel(page).getByTestId('final-payment-failed'), 'the area tells the failure');
    await panel(page)
      .getByRole('button', { name: /^Réessayer le paiement \(/ })
      .click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await page.waitForURL(/\/payment-final-success\//);
    await projectShows(page, orderId, 'En attente de livraison', '90 %');
    // Paid before delivery, the subscription has started: the tab says so, not « à la mise en ligne ».
    await tab(page, 'Abonnement').click();
    await expect(panel(page).getByRole('heading', { name: 'Abonnement actif' }).first()).toBeVisible();
    await expect(
      panel(page)
        .getByText(/Votre premier mois est réglé/)
        .first(),
    ).toBeVisible();
    await expect(
      panel(page).getByTestId('subscription-delivery').getByText('À venir', { exact: true }).first(),
    ).toBeVisible();
    expect(await panel(page).getByTestId('subscription-start').textContent()).toMatch(/^\d{1,2} \S+ \d{4}$/);
    await tab(page, 'Suivi projet').click();
    await timelineShows(page, [
      'payment:done:daté',
      'brief:done:daté',
      'development:done:daté',
      'revisions:done:daté',
      'final-payment:done:daté',
      'delivery:current',
      'support:upcoming',
    ]);
  });

  test('manages the subscription once delivered, and cancels it with a reason', async () => {
    await admin.run(orderId, { type: 'FinalizeDelivery', siteUrl: 'abonnement.test' });
    await projectShows(page, orderId, 'Site livré', '100 %');
    expect(await dots(page)).toEqual([]);
    await currentStepIs(page, orderId, 'support');
    await received('abonnement@port-4000.example', 'delivered');
    await tab(page, 'Abonnement').click();
    await expect(panel(page).getByRole('heading', { name: 'Abonnement actif' }).first()).toBeVisible();
    await expect(
      panel(page)
        .getByText(/Prochain prélèvement le \d/)
        .first(),
    ).toBeVisible();
    // The delivery is today's, not a year later.
    const today = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(
      new Date(),
    );
    await expect(
      panel(page).getByTestId('subscription-delivery').getByText(today, { exact: true }).first(),
    ).toBeVisible();
    await expect(
      panel(page)
        .getByText(/se renouvelle automatiquement chaque mois/)
        .first(),
    ).toBeVisible();
    expect(await panel(page).getByText('À la mise en ligne', { exact: true }).count()).toBe(0);
    await expect(panel(page).getByRole('button', { name: 'Voir les factures', exact: true })).toBeEnabled();

    // "Conserver mon abonnement" closes the dialog and forgets the reason.
    await panel(page).getByRole('button', { name: "Annuler l'abonnement" }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel("Raison de l'annulation (facultatif)").fill('Trop cher');
    await dialog.getByRole('button', { name: 'Conserver mon abonnement' }).click();
    await expect(page.getByRole('dialog'), 'the dialog closes').toHaveCount(0);
    await panel(page).getByRole('button', { name: "Annuler l'abonnement" }).click();
    dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel("Raison de l'annulation (facultatif)").inputValue()).toBe('');
    // No reactivation exists: the dialog promises none.
    expect(await dialog.getByText(/réactiver/).count()).toBe(0);
    await expect(dialog.getByText(/aucun nouveau prélèvement n'est effectué/).first()).toBeVisible();
    await dialog.getByLabel("Raison de l'annulation (facultatif)").fill('Je ferme la boutique');
    await dialog.getByRole('button', { name: "Confirmer l'annulation" }).click();
    await expect(toastOf(page, 'Abonnement annulé').first()).toBeVisible();
    await expect(panel(page).getByRole('heading', { name: 'Abonnement annulé' }).first()).toBeVisible();
    await expect(
      panel(page)
        .getByText(/^Votre site reste en ligne jusqu'au /)
        .first(),
    ).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Abonnement annulé' })).toBeDisabled();
    // Cancelled: nothing renews, no card to update.
    expect(
      await panel(page)
        .getByText(/se renouvelle automatiquement/)
        .count(),
    ).toBe(0);
    expect(await panel(page).getByRole('button', { name: 'Mettre à jour la carte' }).count()).toBe(0);
    await received('abonnement@port-4000.example', 'subscription-cancelled');
  });
});

test.describe('an order the team cancels', () => {
  test('is explained in the area (what was paid, the 14-day guarantee) and by email', async () => {
    const email = 'annulation@port-4000.example';
    const { orderId, token } = await paidOrderAndToken(email, { companyName: 'Le Fournil' });
    const page = await signIn(token);
    await admin.run(orderId, { type: 'CancelOrder', reason: 'Projet abandonné' });
    await page.goto(`${server.url}/dashboard/${orderId}`);
    await reloadUntil(page, status(panel(page), 'Commande annulée'), 'the order shows cancelled');
    const notice = panel(page).getByTestId('cancellation-notice');
    await expect(notice.getByText(/^Commande annulée le /).first()).toBeVisible();
    await expect(
      notice.getByText(/^Le projet du site du Fournil est arrêté et aucun autre paiement/).first(),
    ).toBeVisible();
    await expect(
      notice.getByText(/Vous avez réglé 588,60\s€ TTC\..*vous ont été remboursés sur la carte/).first(),
    ).toBeVisible();
    expect(await dots(page)).toEqual([]);
    await currentStepIs(page, orderId, null);
    // Never « à venir » for an order that will not go on: the steps it did not reach are stopped.
    await timelineShows(page, [
      'payment:done:daté',
      'brief:stopped',
      'development:stopped',
      'revisions:stopped',
      'final-payment:stopped',
      'delivery:stopped',
      'support:stopped',
    ]);
    await expect(page.getByText('(à venir)')).toHaveCount(0);
    await expect(page.getByTestId('progress-percent')).toHaveCount(0);
    const cancelled = await received(email, 'order-cancelled');
    expect(cancelled.subject).toMatch(/^Annulation de votre commande #\d+$/);
    expect(cancelled.text).toContain('site du Fournil');
    expect(cancelled.text.replace(/\s+/g, ' ')).toContain(
      'nous vous remboursons 588,60 € TTC sur la carte utilisée pour le paiement',
    );
  });
});

test.describe('the client area for a visitor without a session', () => {
  test('says the access is restricted, then goes to the sign-in page', async () => {
    const page = await sharedPage(browser);
    const started = Date.now();
    await page.goto(`${server.url}/dashboard`);
    await expect(toastOf(page, 'Accès restreint').first()).toBeVisible();
    await page.waitForURL(/\/auth\?redirect=%2Fdashboard/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);

    await page.goto(`${server.url}/client?tab=media`);
    await page.waitForURL(/\/auth\?redirect=%2Fdashboard%3Ftab%3Dmedia/);
    // The landing is for visitors; a signed-in client goes to the client area (below).
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
