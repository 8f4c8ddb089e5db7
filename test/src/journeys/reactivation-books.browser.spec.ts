import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type Locator, type Page } from '@playwright/test';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { untilPreviewSent } from '@coseso/backend/write-side/testing/order-commands';
import { type AppServer } from '../support/app-server.js';
import { backOfficePanel, panelFact } from '../support/back-office-panel.js';
import { clientStatus, receivedEmail, reloadUntil, signInClient } from '../support/client-area.js';
import { eventually } from '../support/eventually.js';
import { callApi, paidOrderOfNewClient, signInToBackOffice } from '../support/journey.js';
import { type OrderAdmin, orderAdminOf } from '../support/order-admin.js';
import { expect, sharedPage, test } from '../support/fixtures.js';

// The books of a reactivation, walked as the client and the team read them. A deposit credited by a
// version 1 cancellation (on paper, no money moved), then reactivated by the team: « Vos factures »
// lists the deposit invoice, its credit note at its own amount and the invoice issued again with
// « Facture réémise suite à la réactivation de votre commande », HT, TVA and TTC, at 1280×720 and
// 390 wide, the PDF downloaded, axe-clean; the panel says the same. A deposit refunded by the
// guarantee through the sandbox, reactivated: while it is owed again the client still opens « Vos
// factures » (the invoice, its credit note), then pays it again: a new invoice, no note. And a
// monthly order cancelled ready for delivery with no refund, then reactivated: the subscription
// starts again in the sandbox from the end of the month paid, the client area, the panel and the
// email say so, the renewal is invoiced.

const REISSUED_NOTE = 'Facture réémise suite à la réactivation de votre commande';
const NUMBER = /[FA]-\d{4}-\d{6}/;

interface Listed {
  number: string;
  kind: 'invoice' | 'deposit_invoice' | 'credit_note';
  kindLabel: string;
  totalAmount: number;
  vatAmount: number;
  totalWithVat: number;
  corrects: string | null;
  note: string | null;
}

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

/** The order's documents as the team's API lists them, once there are `count`. */
async function documentsOf(orderId: string, adminToken: string, count: number): Promise<Listed[]> {
  let documents: Listed[] = [];
  await eventually(
    async () => {
      const { body } = await callApi<{ invoices: Listed[] }>(
        server,
        'GET',
        `/api/admin/orders/${orderId}/invoices`,
        undefined,
        { token: adminToken },
      );
      documents = body.invoices;
      return documents.length >= count;
    },
    `the order has ${count} documents`,
    60_000,
  );
  expect(documents).toHaveLength(count);
  return documents;
}

/** The back-office, signed in at 1280×720, on the panel of the order of `company`. */
async function officeOn(company: string, orderId: string): Promise<Page> {
  const office = await sharedPage(browser, { viewport: { width: 1280, height: 720 } });
  await signInToBackOffice(office, server);
  await office
    .getByRole('list', { name: 'Liste des commandes' })
    .getByRole('button', { name: new RegExp(company) })
    .click();
  await office.waitForURL(new RegExp(`order=${orderId}`));
  return office;
}

/** The table's row of the document `number` (its row header; a credit note's row names its invoice too). */
const rowOf = (table: Locator, number: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: number, exact: true }) });

/** A document's kind, note and amounts HT, TVA and TTC (negative for a credit note), in `scope`. */
async function readsDocument(scope: Locator, document: Listed) {
  const sign = document.kind === 'credit_note' ? -1 : 1;
  await expect(scope).toContainText(document.number);
  await expect(scope).toContainText(document.kindLabel);
  await expect(scope).toContainText(formatEuros(sign * document.totalAmount));
  await expect(scope).toContainText(formatEuros(sign * document.vatAmount));
  await expect(scope).toContainText(formatEuros(sign * document.totalWithVat));
  if (document.corrects) await expect(scope).toContainText(`sur la facture ${document.corrects}`);
  if (document.note) await expect(scope).toContainText(document.note);
  else expect(await scope.getByText(REISSUED_NOTE).count()).toBe(0);
}

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help}`)).toEqual([]);
}

test.describe('the books of a reactivation', () => {
  test('a deposit credited by a version 1 cancellation, reactivated: the client reads the invoice, the credit note and the invoice issued again with its note at 1280 and 390, downloads it; the team reads the same', async () => {
    const testInfo = test.info();
    test.setTimeout(180_000);
    const company = 'Atelier Reprise';
    const email = 'anne@atelier-reprise.example';
    const { orderId, setPasswordToken, adminToken } = await paidOrderOfNewClient(server, {
      companyName: company,
      contactEmail: email,
    });
    const [deposit] = await documentsOf(orderId, adminToken, 1);
    const { body: paid } = await callApi<{ status: string }>(
      server,
      'GET',
      `/api/admin/orders/${orderId}`,
      undefined,
      { token: adminToken },
    );
    // Cancelled within the 14 days as version 1 of the app recorded it: a credit note, no refund.
    await admin.appendAsRecorded(orderId, {
      type: 'OrderCancelled',
      schemaVersion: 1,
      data: { reason: 'Le client renonce', previousStatus: paid.status },
    });
    const [, credit] = await documentsOf(orderId, adminToken, 2);
    expect(credit).toMatchObject({ kind: 'credit_note', totalWithVat: deposit!.totalWithVat });

    // The team reactivates it from the panel, with a reason.
    const office = await officeOn(company, orderId);
    const { panel, act, expectStatus } = backOfficePanel(office, company);
    await expectStatus('Annulé');
    await act(
      /^Réactiver la commande/,
      { 'Motif de la réactivation': 'Le client reprend son projet' },
      'Réactiver',
    );
    await expect(
      panel()
        .getByText(/Réactivée le .* : Le client reprend son projet/)
        .first(),
    ).toBeVisible();
    const documents = await documentsOf(orderId, adminToken, 3);
    const reissued = documents[2]!;
    expect(reissued).toMatchObject({ kind: 'deposit_invoice', note: REISSUED_NOTE, corrects: null });
    expect(reissued.totalWithVat).toBe(deposit!.totalWithVat);

    // The client, told by email: the invoice named, HT and TTC, « déjà réglée ».
    const told = await receivedEmail(server, adminToken, email, 'order-reactivated');
    expect(told.text.replace(/\s+/g, ' ')).toContain(
      `Facture ${reissued.number} : ${formatEuros(reissued.totalAmount)} HT, soit ${formatEuros(reissued.totalWithVat)} TTC, déjà réglée`.replace(
        /\s+/g,
        ' ',
      ),
    );

    // « Vos factures » at 1280×720: the table, each document on its row with HT, TVA and TTC.
    const client = await signInClient(browser, server, setPasswordToken, 'reprise-du-projet');
    await client.setViewportSize({ width: 1280, height: 720 });
    await client.getByRole('button', { name: 'Voir les factures', exact: true }).first().click();
    const dialog = client.getByRole('dialog', { name: 'Vos factures' });
    const table = dialog.getByRole('table', { name: 'Vos factures et avoirs' });
    await expect(table.getByRole('row', { name: NUMBER })).toHaveCount(3, { timeout: 30_000 });
    await expect(table.getByRole('columnheader', { name: 'Montant HT' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Montant TTC' })).toBeVisible();
    for (const document of documents) await readsDocument(rowOf(table, document.number), document);
    // The note sits under the invoice issued again, and there alone (the phone's list is not shown).
    await expect(table.getByText(REISSUED_NOTE)).toHaveCount(1);
    await expect(rowOf(table, reissued.number).getByText(REISSUED_NOTE)).toBeVisible();
    // Every amount and download inside the dialog, the dialog inside the window.
    const box = (await dialog.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    const [download] = await Promise.all([
      client.waitForEvent('download'),
      dialog.getByRole('link', { name: `Télécharger ${reissued.number}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${reissued.number}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.includes(Buffer.from('factur-x.xml'))).toBe(true);
    await client.screenshot({ path: testInfo.outputPath('vos-factures-reemise-1280.png') });
    await axeClean(client);
    await client.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // At 390 wide: a list, each document with its amounts, the note under the invoice issued again.
    await client.setViewportSize({ width: 390, height: 844 });
    await client.getByRole('button', { name: 'Voir les factures', exact: true }).first().click();
    const list = dialog.getByRole('list', { name: 'Vos factures et avoirs' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(dialog.getByRole('table')).toHaveCount(0);
    await expect(list.getByText(REISSUED_NOTE)).toHaveCount(1);
    for (const document of documents)
      await readsDocument(
        list.getByRole('listitem').filter({ has: list.page().getByText(document.number, { exact: true }) }),
        document,
      );
    const narrow = (await dialog.boundingBox())!;
    expect(narrow.x).toBeGreaterThanOrEqual(0);
    expect(narrow.x + narrow.width).toBeLessThanOrEqual(390);
    const link = dialog.getByRole('link', { name: `Télécharger ${reissued.number}` });
    await link.scrollIntoViewIfNeeded();
    const at = (await link.boundingBox())!;
    expect(at.x + at.width).toBeLessThanOrEqual(narrow.x + narrow.width);
    const [onPhone] = await Promise.all([client.waitForEvent('download'), link.click()]);
    expect(onPhone.suggestedFilename()).toBe(`${reissued.number}.pdf`);
    await client.screenshot({ path: testInfo.outputPath('vos-factures-reemise-390.png') });
    await axeClean(client);

    // The team reads the same three documents on the order's panel, the note included.
    await office.reload();
    const section = panel().getByRole('region', { name: 'Factures et avoirs' });
    const panelTable = section.getByRole('table', { name: 'Factures et avoirs de la commande' });
    await expect(panelTable.getByRole('row', { name: NUMBER })).toHaveCount(3);
    for (const document of documents) await readsDocument(rowOf(panelTable, document.number), document);
    await section.scrollIntoViewIfNeeded();
    await office.screenshot({ path: testInfo.outputPath('panneau-factures-reemise.png') });
  });

  test('a deposit refunded by the guarantee through the sandbox, reactivated and paid again: the client reads the invoice, its credit note and the new invoice, before and after paying; the team the same; the books verified', async () => {
    test.setTimeout(180_000);
    const testInfo = test.info();
    const company = 'Atelier Retour';
    const email = 'paul@atelier-retour.example';
    const { orderId, setPasswordToken, adminToken } = await paidOrderOfNewClient(server, {
      companyName: company,
      contactEmail: email,
    });
    const [deposit] = await documentsOf(orderId, adminToken, 1);
    const client = await signInClient(browser, server, setPasswordToken, 'retour-au-projet');
    const area = () => client.getByRole('tabpanel');

    // The team cancels within the 14 days, refund ticked: the sandbox refunds, its webhook credits.
    const office = await officeOn(company, orderId);
    const { panel, act, expectStatus } = backOfficePanel(office, company);
    await act(
      'Annuler la commande',
      { "Motif de l'annulation": 'Le client renonce' },
      "Confirmer l'annulation",
    );
    await expectStatus('Annulé');
    const [, credit] = await documentsOf(orderId, adminToken, 2);
    expect(credit).toMatchObject({
      kind: 'credit_note',
      corrects: deposit!.number,
      totalAmount: deposit!.totalAmount,
      vatAmount: deposit!.vatAmount,
      totalWithVat: deposit!.totalWithVat,
    });

    // Reactivated with a reason: the deposit the guarantee gave back is owed again.
    await act(/^Réactiver la commande/, { 'Motif de la réactivation': 'Le client revient' }, 'Réactiver');
    await expectStatus('Paiement requis');

    // Owing it, the client still reads the invoice and its credit note, at its own amount.
    await client.goto(`${server.url}/dashboard/${orderId}?tab=overview`);
    const open = client.getByRole('button', { name: 'Voir les factures', exact: true });
    await reloadUntil(client, open, 'the invoices can be opened while the deposit is owed again');
    await open.first().click();
    const dialog = client.getByRole('dialog', { name: 'Vos factures' });
    const table = dialog.getByRole('table', { name: 'Vos factures et avoirs' });
    await expect(table.getByRole('row', { name: NUMBER })).toHaveCount(2);
    for (const document of [deposit!, credit!]) await readsDocument(rowOf(table, document.number), document);
    await client.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The client pays it again from the client area, in the sandbox.
    await client.goto(`${server.url}/dashboard/${orderId}?tab=project`);
    await area()
      .getByTestId('first-payment-owed')
      .getByRole('button', { name: /^Payer l'acompte/ })
      .click();
    await client.waitForURL(/\/sandbox\/checkout\//);
    await client.getByRole('button', { name: 'Payer', exact: true }).click();
    await client.waitForURL((url) => !url.pathname.startsWith('/sandbox/'));
    const documents = await documentsOf(orderId, adminToken, 3);
    expect(documents.slice(0, 2)).toEqual([deposit, credit]);
    expect(documents[2]).toMatchObject({
      kind: 'deposit_invoice',
      totalWithVat: deposit!.totalWithVat,
      corrects: null,
      note: null,
    });

    // The three documents, HT, TVA and TTC; a new payment, not an invoice issued again: no note.
    await client.goto(`${server.url}/dashboard/${orderId}?tab=overview`);
    await client.getByRole('button', { name: 'Voir les factures', exact: true }).first().click();
    await expect(table.getByRole('row', { name: NUMBER })).toHaveCount(3);
    for (const document of documents) await readsDocument(rowOf(table, document.number), document);
    await client.screenshot({ path: testInfo.outputPath('vos-factures-rembourse-paye-1280.png') });
    await axeClean(client);

    // The team reads the same on the panel.
    await office.reload();
    const panelTable = panel()
      .getByRole('region', { name: 'Factures et avoirs' })
      .getByRole('table', { name: 'Factures et avoirs de la commande' });
    await expect(panelTable.getByRole('row', { name: NUMBER })).toHaveCount(3);
    for (const document of documents) await readsDocument(rowOf(panelTable, document.number), document);

    // invoiced − credited = received − refunded: two deposits received, one refunded; the log agrees.
    const invoiced = documents
      .filter((d) => d.kind !== 'credit_note')
      .reduce((s, d) => s + d.totalWithVat, 0);
    const credited = documents
      .filter((d) => d.kind === 'credit_note')
      .reduce((s, d) => s + d.totalWithVat, 0);
    expect(invoiced - credited).toBe(2 * deposit!.totalWithVat - deposit!.totalWithVat);
    const { body: books } = await callApi<{ ok: boolean }>(
      server,
      'GET',
      '/api/admin/invoices/verify-books',
      undefined,
      { token: adminToken },
    );
    expect(books).toMatchObject({ ok: true });
  });

  test('a monthly order cancelled ready for delivery without refund, reactivated: its subscription starts again in the sandbox, the client area, the panel and the email say so, the renewal is invoiced', async () => {
    const testInfo = test.info();
    test.setTimeout(240_000);
    const company = 'Le Moulin';
    const email = 'jeanne@le-moulin.example';
    const { orderId, setPasswordToken, adminToken } = await paidOrderOfNewClient(server, {
      companyName: company,
      contactEmail: email,
      billingPeriod: 'monthly',
    });
    const client = await signInClient(browser, server, setPasswordToken, 'farine-de-meule');
    const area = () => client.getByRole('tabpanel');
    await admin.run(orderId, ...untilPreviewSent(`preview.coseso.test/${orderId}`));
    await client.goto(`${server.url}/dashboard/${orderId}?tab=project`);
    await reloadUntil(client, clientStatus(area(), 'Maquette à relire'), 'the preview is to review');
    await area().getByRole('button', { name: 'Valider la maquette' }).click();
    await client.getByRole('dialog').getByRole('button', { name: 'Oui, je valide la maquette' }).click();
    await expect(area().getByTestId('approval-receipt').first()).toBeVisible();
    await admin.run(orderId, { type: 'RequestFinalPayment' });
    await client.goto(`${server.url}/dashboard/${orderId}?tab=project`);
    await reloadUntil(client, clientStatus(area(), 'Premier mois à régler'), 'the first month is due');
    await area()
      .getByRole('button', { name: /^Payer le premier mois/ })
      .click();
    await client.waitForURL(/\/sandbox\/checkout\//);
    await client.getByRole('button', { name: 'Payer', exact: true }).click();
    await client.waitForURL(/\/payment-final-success\//);

    const detail = async () =>
      (
        await callApi<{ subscriptionId: string | null; status: string }>(
          server,
          'GET',
          `/api/admin/orders/${orderId}`,
          undefined,
          { token: adminToken },
        )
      ).body;
    const sandbox = async (id: string) =>
      (
        await callApi<{ status: string; currentPeriodEnd: string }>(
          server,
          'GET',
          `/api/sandbox/subscriptions/${id}`,
        )
      ).body;
    let first = '';
    await eventually(
      async () => {
        first = (await detail()).subscriptionId ?? '';
        return first !== '';
      },
      'the subscription is started',
      30_000,
    );
    const paidUntil = (await sandbox(first)).currentPeriodEnd;
    const paidDocuments = await documentsOf(orderId, adminToken, 2);

    // The team cancels it from the panel, refund unticked: the dialog says the subscription stops,
    // and that a reactivation starts it again.
    const office = await officeOn(company, orderId);
    const { panel, expectStatus } = backOfficePanel(office, company);
    await expectStatus('Prêt livraison');
    await panel()
      .getByRole('group', { name: 'Actions' })
      .getByRole('button', { name: 'Annuler la commande' })
      .click();
    const cancelDialog = office.getByRole('dialog');
    await expect(cancelDialog.getByText(/un abonnement mensuel en cours est arrêté aussitôt/)).toBeVisible();
    await expect(
      cancelDialog.getByText(
        /Elle pourra être réactivée plus tard, et l'abonnement avec elle : il reprend à la fin du mois déjà réglé/,
      ),
    ).toBeVisible();
    expect(await cancelDialog.getByText("mais pas l'abonnement").count()).toBe(0);
    await cancelDialog.getByLabel('Rembourser le client (garantie de 14 jours)').uncheck();
    await cancelDialog.getByLabel("Motif de l'annulation").fill('Le client hésite');
    await cancelDialog.getByRole('button', { name: "Confirmer l'annulation" }).click();
    await expect(cancelDialog).toHaveCount(0);
    await expectStatus('Annulé');
    await eventually(
      async () => (await sandbox(first)).status === 'canceled',
      'the sandbox subscription is ended',
      30_000,
    );

    // Reactivated from the panel: where it was, « Prêt livraison », its first month held.
    await panel()
      .getByRole('group', { name: 'Actions' })
      .getByRole('button', { name: /^Réactiver la commande/ })
      .click();
    const reactivateDialog = office.getByRole('dialog');
    await expect(
      reactivateDialog.getByText(
        /un abonnement mensuel arrêté par l’annulation reprend, prélevé à la fin du mois déjà réglé/,
      ),
    ).toBeVisible();
    await reactivateDialog.getByLabel('Motif de la réactivation').fill('Le client se décide');
    await reactivateDialog.getByRole('button', { name: 'Réactiver' }).last().click();
    await expect(reactivateDialog).toHaveCount(0);
    await expectStatus('Prêt livraison');

    // In the sandbox: a new subscription, active, first charged at the end of the month paid.
    let restarted = '';
    await eventually(
      async () => {
        restarted = (await detail()).subscriptionId ?? '';
        return restarted !== '' && restarted !== first;
      },
      'the subscription is started again',
      60_000,
    );
    expect(await sandbox(restarted)).toMatchObject({ status: 'active', currentPeriodEnd: paidUntil });

    // The panel says it runs.
    await office.reload();
    await expect(panel().getByText('Actif', { exact: true }).first()).toBeVisible();
    expect(await panelFact(panel(), 'Facturation', 'Mensualité')).toMatch(
      /^[\d ]+,\d\d € HT, soit [\d ]+,\d\d € TTC par mois$/,
    );

    // The client area says so: active, the next charge at the end of the month paid.
    const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(
      new Date(paidUntil),
    );
    await client.goto(`${server.url}/dashboard/${orderId}?tab=subscription`);
    await reloadUntil(
      client,
      area().getByRole('heading', { name: 'Abonnement actif' }),
      'the subscription runs again',
    );
    const standing = area().getByRole('region', { name: "État de l'abonnement" });
    await expect(standing).toContainText(`Prochain prélèvement le ${day}.`);
    await expect(standing).toContainText('Votre premier mois est réglé');
    expect(
      await area()
        .getByText(/Abonnement annulé|pris fin/)
        .count(),
    ).toBe(0);
    await client.screenshot({ path: testInfo.outputPath('abonnement-repris.png'), fullPage: true });

    // The email: the first month paid is not asked again; the subscription charges again, when, TTC.
    const told = (await receivedEmail(server, adminToken, email, 'order-reactivated')).text.replace(
      /\s+/g,
      ' ',
    );
    expect(told).not.toContain("le premier mois de l'abonnement vous sera demandé");
    expect(told).toContain("Le premier mois de l'abonnement est déjà réglé.");
    expect(told).toMatch(
      new RegExp(`Votre abonnement mensuel reprend : prochain prélèvement de [\\d ,]+€ TTC le ${day}`),
    );

    // Nothing was credited; the renewal, at the end of the month paid, is invoiced on the order.
    expect((await documentsOf(orderId, adminToken, 2)).map((d) => d.kind)).not.toContain('credit_note');
    await callApi(server, 'POST', `/api/sandbox/subscriptions/${restarted}/renew`);
    const documents = await documentsOf(orderId, adminToken, 3);
    expect(documents.slice(0, 2)).toEqual(paidDocuments);
    expect(documents[2]).toMatchObject({ kind: 'invoice', corrects: null, note: null });
    expect(documents[2]!.totalWithVat).toBe(paidDocuments[1]!.totalWithVat);

    // « Vos factures »: the three invoices, HT, TVA and TTC.
    await client.goto(`${server.url}/dashboard/${orderId}?tab=overview`);
    await client.getByRole('button', { name: 'Voir les factures', exact: true }).first().click();
    const dialog = client.getByRole('dialog', { name: 'Vos factures' });
    const table = dialog.getByRole('table', { name: 'Vos factures et avoirs' });
    await expect(table.getByRole('row', { name: NUMBER })).toHaveCount(3, { timeout: 30_000 });
    for (const document of documents) await readsDocument(rowOf(table, document.number), document);
    await axeClean(client);
  });
});
