import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '../support/fixtures.js';
import { callApi, paidOrderOfNewClient } from '../support/journey.js';

const PASSWORD = 'facture-en-bonne-forme';

// Serial: the back-office's export looks for the invoice the first test downloaded.
test.describe.serial('invoices', () => {
  let invoiceNumber = '';

  test('the client downloads the deposit invoice from « Voir les factures »', async ({
    app: server,
    page,
  }) => {
    const email = 'factures@boulangerie-martin.fr';
    const { setPasswordToken } = await paidOrderOfNewClient(server, { contactEmail: email });
    await page.goto(`${server.url}/auth/set-password?token=${encodeURIComponent(setPasswordToken)}`);
    await page.getByLabel('Nouveau mot de passe').fill(PASSWORD);
    await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer mon mot de passe', exact: true }).click();
    await page.waitForURL(/\/dashboard/);

    await page.getByRole('button', { name: 'Voir les factures', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Vos factures' });
    await expect(dialog).toBeVisible();
    // Issued by the worker a moment after the payment: the list looks again until it is there.
    const row = dialog.getByRole('row', { name: /F-\d{4}-\d{6}/ });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row.getByText("Facture d'acompte")).toBeVisible();
    await expect(dialog.getByRole('columnheader', { name: 'Montant HT' })).toBeVisible();
    await expect(dialog.getByRole('columnheader', { name: 'Montant TTC' })).toBeVisible();
    invoiceNumber = /F-\d{4}-\d{6}/.exec((await row.textContent()) ?? '')![0];

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: `Télécharger ${invoiceNumber}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.includes(Buffer.from('factur-x.xml'))).toBe(true);
  });

  test('the client sees the credit note of an order cancelled within the guarantee, under its invoice, negative', async ({
    app: server,
    page,
  }) => {
    const email = 'avoir@boulangerie-martin.fr';
    const { orderId, adminToken, setPasswordToken } = await paidOrderOfNewClient(server, {
      contactEmail: email,
    });
    // The team cancels it within the 14 days: the deposit invoice is credited.
    await callApi(
      server,
      'PATCH',
      `/api/admin/orders/${orderId}/status`,
      { status: 'cancelled', reason: 'Le client renonce' },
      { token: adminToken },
    );
    await page.goto(`${server.url}/auth/set-password?token=${encodeURIComponent(setPasswordToken)}`);
    await page.getByLabel('Nouveau mot de passe').fill(PASSWORD);
    await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer mon mot de passe', exact: true }).click();
    await page.waitForURL(/\/dashboard/);

    await page.getByRole('button', { name: 'Voir les factures', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Vos factures' });
    // Issued by the worker a moment after the cancellation: the list looks again until it is there.
    const credit = dialog.getByRole('row', { name: /A-\d{4}-\d{6}/ });
    await expect(credit).toBeVisible({ timeout: 60_000 });
    const invoice = dialog.getByRole('row', { name: /^F-\d{4}-\d{6}/ });
    const corrected = /F-\d{4}-\d{6}/.exec((await invoice.textContent()) ?? '')![0];
    await expect(credit).toContainText('Avoir');
    await expect(credit.getByText(`sur la facture ${corrected}`)).toBeVisible();
    const amounts = (await credit.getByRole('cell').allTextContents()).filter((text) => text.includes('€'));
    // HT, TVA and TTC, each taken back.
    expect(amounts).toHaveLength(3);
    for (const amount of amounts) expect(amount.trim()).toMatch(/^[-−]/);
  });

  test('the client reads « Vos factures » whole at 390, 1280 and 1920 px: a list on a phone, the table beyond, axe-clean', async ({
    app: server,
    page,
  }, testInfo) => {
    const email = 'largeurs@boulangerie-martin.fr';
    const { orderId, adminToken, setPasswordToken } = await paidOrderOfNewClient(server, {
      contactEmail: email,
    });
    await callApi(
      server,
      'PATCH',
      `/api/admin/orders/${orderId}/status`,
      { status: 'cancelled', reason: 'Le client renonce' },
      { token: adminToken },
    );
    await page.goto(`${server.url}/auth/set-password?token=${encodeURIComponent(setPasswordToken)}`);
    await page.getByLabel('Nouveau mot de passe').fill(PASSWORD);
    await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer mon mot de passe', exact: true }).click();
    await page.waitForURL(/\/dashboard/);

    for (const width of [390, 1280, 1920]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
      await page.getByRole('button', { name: 'Voir les factures', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Vos factures' });
      await expect(dialog).toBeVisible();
      // The invoice and its credit note (issued by the worker a moment after the cancellation).
      const links = dialog.getByRole('link', { name: /^Télécharger [FA]-\d{4}-\d{6}$/ });
      await expect(links).toHaveCount(2, { timeout: 60_000 });
      if (width < 768) {
        await expect(dialog.getByRole('list', { name: 'Vos factures et avoirs' })).toBeVisible();
        await expect(dialog.getByRole('table')).toHaveCount(0);
      } else {
        await expect(dialog.getByRole('table', { name: 'Vos factures et avoirs' })).toBeVisible();
        await expect(dialog.getByRole('columnheader', { name: 'Montant TTC' })).toBeVisible();
      }
      // Nothing cut: every amount and download inside the dialog, the dialog inside the window.
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      for (const link of await links.all()) {
        const at = (await link.boundingBox())!;
        expect(at.x + at.width).toBeLessThanOrEqual(box.x + box.width);
      }
      // (the layout not shown, the table on a phone or the list beyond, has no box)
      const amounts = (
        await Promise.all((await dialog.getByText(/€/).all()).map((a) => a.boundingBox()))
      ).filter((at) => at !== null);
      expect(amounts.length).toBeGreaterThanOrEqual(6);
      for (const at of amounts) expect(at.x + at.width).toBeLessThanOrEqual(box.x + box.width);
      // No scrolling box of the dialog hides a column (a screen reader's 1-px text aside).
      expect(
        await dialog.evaluate((element) =>
          [element, ...element.querySelectorAll('*')]
            .filter(
              (box) =>
                box.clientWidth > 1 &&
                (
                  globalThis as unknown as { getComputedStyle(e: unknown): { overflowX: string } }
                ).getComputedStyle(box).overflowX !== 'visible',
            )
            .filter((box) => box.scrollWidth > box.clientWidth + 1)
            .map((box) => box.outerHTML.slice(0, 80)),
        ),
      ).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`vos-factures-${width}.png`) });
      const { violations } = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help}`)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test("the team exports the period's CSV from the invoices page of the back-office", async ({
    adminPage: page,
  }, testInfo) => {
    await page.getByRole('link', { name: 'Factures', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Factures', level: 1 })).toBeVisible();
    await expect(page.getByText('Totaux de la période, avoirs déduits')).toBeVisible();
    // The invoice is listed in the period.
    await expect(page.getByRole('row', { name: new RegExp(invoiceNumber) })).toHaveCount(1);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter en CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^factures-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await csv.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Numéro;Type;Date;Commande;Client;SIREN client;Taux TVA (%);Base HT (€);TVA (€);TTC (€);Facture corrigée',
    );
    expect(lines.find((line) => line.startsWith(`${invoiceNumber};Facture d'acompte;`))).toBeDefined();

    // VAT on receipts, by rate, reconciled; and the sales journal in the FEC's 18 columns.
    const receipts = page.getByRole('region', { name: 'TVA sur les encaissements' });
    await expect(receipts.getByRole('rowheader', { name: 'TVA 20 %' })).toBeVisible();
    await expect(receipts.getByText(/Facturé moins avoirs émis sur la période/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('factures-periode.png'), fullPage: true });
    const [fec] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Journal des ventes (FEC)' }).click(),
    ]);
    expect(fec.suggestedFilename()).toMatch(/^journal-ventes-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const journal = (await readFile((await fec.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(journal[0]).toBe(
      'JournalCode;JournalLib;EcritureNum;EcritureDate;CompteNum;CompteLib;CompAuxNum;CompAuxLib;PieceRef;PieceDate;EcritureLib;Debit;Credit;EcritureLet;DateLet;ValidDate;Montantdevise;Idevise',
    );
    expect(journal.some((line) => line.includes(`;${invoiceNumber};`))).toBe(true);
  });
});
