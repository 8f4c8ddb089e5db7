import { computeOrderPrice } from '@coseso/domain/pricing/compute-order-price';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { type Browser, type Locator, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { clientStatus, receivedEmail, reloadUntil } from '../support/client-area.js';
import { expect, test } from '../support/fixtures.js';
import { ADMIN, callApi } from '../support/journey.js';
import { type OrderAdmin, orderAdminOf } from '../support/order-admin.js';
import {
  type Customer,
  type WizardChoices,
  euros,
  expectedPrice,
  fillWizard,
  plain,
  recapAmount,
  startFromPricing,
} from '../support/wizard.js';

/*
 * Two of the customers the client area was tried as, from the first click on /pricing, in the
 * browser: a bakery on the yearly plan with paid options, a domain and the maintenance, to its site
 * delivered — the same amounts on /pricing, the recap, the checkout, the receipt, the contract, the
 * area and the invoices, and at each status words that are true (every amount HT or TTC, no step
 * both done and « à venir », a progress that never goes back); a plumber on a monthly offer, who
 * orders again once signed in. The third, an order cancelled within the guarantee, is in
 * client-area.browser.spec.ts.
 */

let server: AppServer;
let browser: Browser;
let admin: OrderAdmin;
let adminToken: string;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
  admin = await orderAdminOf(server);
  adminToken = (await callApi<{ token: string }>(server, 'POST', '/api/admin/login', ADMIN)).body.token;
});
test.afterAll(async () => {
  await admin?.close();
});

const PASSWORD = 'croissant-au-beurre';
const panel = (page: Page) => page.getByRole('tabpanel');

/**
 * The amounts the page shows (`d,dd €`) that say neither HT nor TTC (nor TVA, for the tax itself): next to them, or in the
 * heading or label of the block that holds them (a « Facturation TTC » section, a « Montant HT » term).
 */
async function unlabelledAmounts(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const amount = /\d[\d\u00a0\u202f ]*,\d{2}\s?€/;
    // An element's text with its nodes apart: « Facturation TTC » then « Frais… » are not « TTCFrais ».
    // The tests compile without the DOM's types: a node as the page's own tree walker takes it.
    type DomNode = Parameters<typeof root.ownerDocument.createTreeWalker>[0];
    const textOf = (element: DomNode | null | undefined): string => {
      if (!element) return '';
      const texts: string[] = [];
      const nodes = root.ownerDocument.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT */);
      for (let text = nodes.nextNode(); text; text = nodes.nextNode()) texts.push(text.textContent ?? '');
      return texts.join(' ');
    };
    const labelled = (element: DomNode | null | undefined) => /\b(HT|TTC|TVA)\b/.test(textOf(element));
    const found: string[] = [];
    const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!amount.test(node.textContent ?? '')) continue;
      let element = node.parentElement;
      let ok = false;
      while (element && !ok) {
        ok = labelled(element);
        // A definition's term, a cell's column header.
        if (!ok && element.tagName === 'DD') ok = labelled(element.previousElementSibling);
        if (!ok && element.tagName === 'TD') {
          const table = element.closest('table');
          const index = (element as unknown as { cellIndex: number }).cellIndex;
          ok = labelled(table?.querySelectorAll('thead th')[index]);
        }
        if (element === root || element.matches('section, article, li, tr, [role="dialog"], main')) break;
        element = element.parentElement;
      }
      if (!ok) found.push((node.parentElement?.textContent ?? '').trim().slice(0, 120));
    }
    return found;
  });
}

/** The client area's order at a status: its words, its amounts, its steps, its progress. */
async function areaAt(page: Page, orderId: string, label: string, progress: number[]): Promise<void> {
  await page.goto(`${server.url}/dashboard/${orderId}?tab=project`);
  await reloadUntil(page, clientStatus(panel(page), label), `the status is ${label}`);
  // Every amount of the tab and of the overview says HT or TTC.
  expect(await unlabelledAmounts(panel(page)), `the project tab at « ${label} »`).toEqual([]);
  // A step is done, current, upcoming or stopped: a done one is never also « à venir ».
  for (const step of await page.locator('[data-step][data-state="done"]').all())
    expect(await step.textContent()).not.toContain('à venir');
  const percent = Number(
    (await panel(page).getByTestId('progress-percent').first().textContent())!.replace(/[^\d]/g, ''),
  );
  // The progress never goes back.
  expect(percent, `the progress at « ${label} » after ${progress.join(', ')}`).toBeGreaterThanOrEqual(
    progress.at(-1) ?? 0,
  );
  progress.push(percent);
  await page.getByRole('tab', { name: "Vue d'ensemble" }).click();
  await expect(page.getByRole('heading', { name: 'Facturation TTC' }).first()).toBeVisible();
  expect(await unlabelledAmounts(panel(page)), `the overview at « ${label} »`).toEqual([]);
}

/** The invoices of « Voir les factures », as [kind, TTC] lines. */
async function invoices(page: Page, expected: number): Promise<string[]> {
  await page.goto(`${server.url}/dashboard?tab=overview`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Voir les factures' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Vos factures' });
  const rows = dialog.getByRole('table').locator('tbody tr');
  await expect(async () => {
    if ((await rows.count()) !== expected) {
      await page.keyboard.press('Escape');
      await page.reload();
      await page.getByRole('button', { name: 'Voir les factures' }).first().click();
    }
    expect(await rows.count(), 'the invoices issued').toBe(expected);
  }).toPass({ timeout: 60_000 });
  expect(await unlabelledAmounts(dialog)).toEqual([]);
  const lines = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '').join(' | ')),
  );
  await page.keyboard.press('Escape');
  return lines.map(plain);
}

/** Pays the sandbox checkout the page is on, and waits for the page it returns to. */
async function paySandbox(page: Page, amountTTC: number, back: RegExp): Promise<void> {
  await page.waitForURL(/\/sandbox\/checkout\//);
  await expect(page.getByText('Montant à payer').first()).toBeVisible();
  expect(plain(await page.locator('main').textContent())).toContain(`${euros(amountTTC)} TTC`);
  await page.getByRole('button', { name: 'Payer', exact: true }).click();
  await page.waitForURL(back);
}

/** Chooses the password from the account email's link, in this page (the client's own browser). */
async function setPasswordFromEmail(page: Page, email: string): Promise<void> {
  const sent = await receivedEmail(server, adminToken, email, 'account-created');
  const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(sent.text)![1]!);
  await page.goto(`${server.url}/auth/set-password?token=${encodeURIComponent(token)}`);
  await page.getByLabel('Nouveau mot de passe').fill(PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Enregistrer mon mot de passe', exact: true }).click();
  await page.waitForURL(/\/dashboard/);
}

/** From the recap, accepts the terms and pays the first payment in the sandbox. */
async function payFromRecap(page: Page, rhythm: 'yearly' | 'monthly', amountTTC: number, orderId: string) {
  await page.getByRole('checkbox', { name: /J'accepte les conditions générales/ }).check();
  const validate = page.getByRole('button', { name: 'Valider ma commande' });
  const pay = page.getByRole('button', {
    name: rhythm === 'yearly' ? "Payer l'acompte" : 'Payer les frais de mise en service',
  });
  await expect(async () => {
    if (!(await pay.isVisible()) && (await validate.isVisible())) await validate.click();
    expect(await pay.isVisible(), 'the order is ready to pay').toBe(true);
  }).toPass({ timeout: 30_000 });
  await pay.click();
  await paySandbox(page, amountTTC, new RegExp(`/payment-success/${orderId}`));
}

test('a bakery on the yearly plan with options, a domain and the maintenance: the same amounts from /pricing to its invoices, true words at each status, to its site delivered', async () => {
  test.setTimeout(480_000);
  const stamp = Date.now();
  const bakery: Customer = {
    company: `Le Fournil ${stamp}`,
    sector: 'Boulangerie',
    address: '3 place du Marché\n35000 Rennes',
    firstName: 'Claire',
    lastName: 'Martin',
    email: `fournil-${stamp}@boulangerie.example`,
  };
  const choices: WizardChoices = {
    template: 'onepage',
    rhythm: 'yearly',
    preselected: true,
    extras: {
      logo: 'professional',
      domain: `le-fournil-${stamp}`,
      maintenance: true,
      options: ['seoOptimizations', 'liveTraining'],
    },
  };
  const price = expectedPrice(choices);
  expect(price.ok).toBe(true);
  const alone = computeOrderPrice({
    template: 'onepage',
    billingPeriod: 'yearly',
    hostingOptions: { hostingType: 'included' },
  });
  const page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();

  // /pricing: the offer alone; the wizard adds the options, the logo and the domain.
  await startFromPricing(page, server, 'Paiement annuel', 'Site Vitrine', [
    `${plain(formatEuros(alone.totalAmount, { decimals: 'auto' }))} HT / an`,
    `soit ${euros(alone.totalWithVat)} TTC`,
  ]);
  await page.waitForURL(/\/order-form\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;
  await fillWizard(page, choices, bakery);
  await expect
    .poll(() => recapAmount(page, 'totalAmount'), { message: 'the recap shows the price' })
    .toBe(euros(price.totalAmount));
  for (const field of ['totalWithVat', 'depositWithVat', 'remainingWithVat'] as const)
    expect(await recapAmount(page, field)).toBe(euros(price[field]));
  const recap = plain(await page.getByRole('region', { name: 'Détail du prix' }).textContent());
  for (const option of price.options)
    expect(recap).toContain(
      `${euros(option.amountHT)} ${{ once: 'HT (une fois)', yearly: 'HT/an', monthly: 'HT/mois' }[option.period]}`,
    );
  await payFromRecap(page, 'yearly', price.depositWithVat, orderId);

  // The receipt: emailed, the deposit TTC.
  const receipt = await receivedEmail(server, adminToken, bakery.email, 'payment-receipt');
  expect(plain(receipt.text)).toContain(`${euros(price.depositWithVat)} TTC`);

  // The account, then the contract: the same figures, signed.
  await setPasswordFromEmail(page, bakery.email);
  await page.goto(`${server.url}/contract/${orderId}`);
  const document = page.getByRole('region', { name: 'Document du contrat' });
  await reloadUntil(page, document, 'the contract is issued');
  const contract = plain(await document.textContent());
  expect(contract).toContain(
    `Montant total : ${euros(price.totalAmount)} HT, soit ${euros(price.totalWithVat)} TTC`,
  );
  expect(contract).toContain(`Acompte à la commande : ${euros(price.depositWithVat)} TTC`);
  expect(contract).toContain(`Solde à la livraison : ${euros(price.remainingWithVat)} TTC`);
  for (const option of price.options) expect(contract).toContain(option.label);
  await page.getByLabel('Nom et prénom').fill('Claire Martin');
  await page.getByRole('checkbox', { name: "J'ai lu et j'accepte le contrat" }).check();
  await page.getByRole('button', { name: 'Signer le contrat', exact: true }).click();
  await expect(page.getByText(/^Contrat signé le /).first()).toBeVisible();

  // The area: the billing is the recap's, TTC; the deposit's invoice says the same.
  const progress: number[] = [];
  await areaAt(page, orderId, 'Contrat signé', progress);
  const billing = plain(await page.getByRole('region', { name: 'Facturation' }).first().textContent());
  expect(billing).toContain(`Acompte (50 %)${euros(price.depositWithVat)}`);
  expect(billing).toContain(`Solde (50 %)${euros(price.remainingWithVat)}`);
  expect(billing).toContain(`Total${euros(price.totalWithVat)}`);
  const [deposit] = await invoices(page, 1);
  expect(deposit).toContain(euros(price.depositWithVat));
  expect(deposit).toMatch(/acompte/i);
  // « Ouvrir un ticket » beside the timeline is a message to the team, in the area: not another site.
  await page.goto(`${server.url}/dashboard/${orderId}?tab=project`);
  await panel(page).getByRole('link', { name: 'Ouvrir un ticket' }).click();
  await expect(page.getByRole('tab', { name: 'Support', selected: true })).toBeVisible();
  await expect(panel(page).getByLabel('Votre demande')).toBeVisible();
  // The legal pages open in the same tab, and their header leads back to the area.
  await panel(page).getByRole('link', { name: 'Mentions légales' }).click();
  await page.waitForURL(/\/mentions-legales$/);
  await page.getByTestId('signed-in-client').click();
  await page.waitForURL(/\/dashboard$/);

  // The brief, the preview approved in the area, the balance paid from it.
  await admin.run(orderId, { type: 'OpenBrief' });
  await areaAt(page, orderId, 'Brief à envoyer', progress);
  await admin.run(orderId, { type: 'SubmitBrief', nothingToSend: true });
  await areaAt(page, orderId, 'Brief envoyé', progress);
  await admin.run(orderId, { type: 'ValidateBrief', notes: 'Complet' }, { type: 'StartProduction' });
  await areaAt(page, orderId, 'En développement', progress);
  await admin.run(orderId, { type: 'SendReviewLink', reviewUrl: `preview.coseso.test/fournil-${stamp}` });
  await areaAt(page, orderId, 'Maquette à relire', progress);
  await page.getByRole('tab', { name: 'Suivi projet' }).click();
  await panel(page).getByRole('button', { name: 'Valider la maquette' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui, je valide la maquette' }).click();
  await expect(panel(page).getByTestId('approval-receipt').first()).toBeVisible();
  await areaAt(page, orderId, 'Maquette validée', progress);
  await admin.run(orderId, { type: 'RequestFinalPayment' });
  await areaAt(page, orderId, 'Solde à régler', progress);
  const due = await receivedEmail(server, adminToken, bakery.email, 'final-payment-due');
  expect(plain(due.text)).toContain(`${euros(price.remainingWithVat)} TTC`);
  await page.getByRole('tab', { name: 'Suivi projet' }).click();
  await panel(page)
    .getByRole('button', {
      name: new RegExp(`^Payer le solde \\(${euros(price.remainingWithVat).replace(/ /g, '\\s')} TTC\\)$`),
    })
    .click();
  await paySandbox(page, price.remainingWithVat, /\/payment-final-success\//);
  await areaAt(page, orderId, 'En attente de livraison', progress);
  await admin.run(orderId, { type: 'FinalizeDelivery', siteUrl: `le-fournil-${stamp}.fr` });
  await areaAt(page, orderId, 'Site livré', progress);
  expect(progress.at(-1)).toBe(100);
  await expect(page.getByText('(à venir)')).toHaveCount(0);

  // The two invoices add up to the recap's total.
  const both = await invoices(page, 2);
  expect(both.join('\n')).toContain(euros(price.remainingWithVat));
  expect(price.depositWithVat + price.remainingWithVat).toBe(price.totalWithVat);
  const finalReceipt = (await receivedEmail(server, adminToken, bakery.email, 'payment-receipt')).text;
  expect(plain(finalReceipt)).toContain(`${euros(price.remainingWithVat)} TTC`);
});

test('a plumber on a monthly offer chosen on /pricing, who orders again once signed in: the header names him, the wizard starts from his account and last order', async () => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const plumber: Customer = {
    company: `Plomberie Duval ${stamp}`,
    sector: 'Plomberie',
    address: '4 rue du Port\n44000 Nantes',
    firstName: 'Marc',
    lastName: 'Duval',
    email: `duval-${stamp}@plomberie.example`,
  };
  const choices: WizardChoices = { template: 'business', rhythm: 'monthly', preselected: true, extras: {} };
  const price = expectedPrice(choices);
  const page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();

  await startFromPricing(page, server, 'Abonnement mensuel', 'Business', [
    `${plain(formatEuros(price.monthlyAmount, { decimals: 'auto' }))} HT / mois`,
    `soit ${euros(price.monthlyWithVat)} TTC / mois`,
    `(${euros(price.depositWithVat)} TTC)`,
  ]);
  await page.waitForURL(/\/order-form\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;
  await fillWizard(page, choices, plumber);
  for (const field of ['setupFeesAmount', 'depositWithVat', 'monthlyAmount', 'monthlyWithVat'] as const)
    await expect.poll(() => recapAmount(page, field)).toBe(euros(price[field]));
  await payFromRecap(page, 'monthly', price.depositWithVat, orderId);
  const receipt = await receivedEmail(server, adminToken, plumber.email, 'payment-receipt');
  expect(plain(receipt.text)).toContain(`${euros(price.depositWithVat)} TTC`);
  await setPasswordFromEmail(page, plumber.email);

  // The area: the setup fees and the month TTC, the subscription waiting for the site.
  const progress: number[] = [];
  await areaAt(page, orderId, 'Contrat à signer', progress);
  const billing = plain(await page.getByRole('region', { name: 'Facturation' }).first().textContent());
  expect(billing).toContain(`Frais de mise en service${euros(price.depositWithVat)}`);
  expect(billing).toContain(`Mensualité${euros(price.monthlyWithVat)} / mois`);
  await page.getByRole('tab', { name: 'Abonnement' }).click();
  await expect(panel(page).getByRole('heading', { name: 'Abonnement en préparation' })).toBeVisible();
  expect(await unlabelledAmounts(panel(page))).toEqual([]);
  // Its help is the order's conversation, in the area: not a help centre elsewhere.
  await panel(page).getByRole('link', { name: "Écrire à l'équipe" }).click();
  await expect(page.getByRole('tab', { name: 'Messages', selected: true })).toBeVisible();
  const [setup] = await invoices(page, 1);
  expect(setup).toContain(euros(price.depositWithVat));

  // Later, signed in, he orders again from /pricing: the header names him, not « Espace Client ».
  await page.goto(`${server.url}/pricing`);
  await expect(page.getByTestId('signed-in-client')).toContainText('Marc Duval');
  expect(await page.getByRole('link', { name: 'Espace Client', exact: true }).count()).toBe(0);
  await page.getByRole('button', { name: 'Abonnement mensuel', exact: true }).click();
  await page.getByRole('button', { name: 'Choisir Starter' }).click();
  await page.waitForURL(/\/order-form\/[0-9a-f-]{36}$/);
  const again = page.url().split('/').pop()!;
  expect(again).not.toBe(orderId);
  await expect(page.getByTestId('prefilled-from-last-order')).toBeVisible();
  await expect(page.getByLabel("Nom de l'entreprise")).toHaveValue(plumber.company);
  await expect(page.getByLabel("Secteur d'activité")).toHaveValue(plumber.sector);
  await expect(page.getByLabel('Adresse postale')).toHaveValue(plumber.address);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(plumber.email);
  await expect(page.getByLabel('Prénom')).toHaveValue(plumber.firstName);
  await expect(page.getByLabel('Nom', { exact: true })).toHaveValue(plumber.lastName);
  // The offer chosen is the new one's: Starter's template on the monthly plan.
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByRole('radio', { name: /^Site Vitrine/ })).toBeChecked();
});
