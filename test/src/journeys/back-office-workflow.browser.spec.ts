import { type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { backOfficePanel, statusBadge } from '../support/back-office-panel.js';
import { type ApiAuth, callApi, paidOrderOfNewClient, signInToBackOffice } from '../support/journey.js';
import { expect, sharedPage, test } from '../support/fixtures.js';
import { expectToast } from '../support/page-checks.js';

// Serial: its tests follow one another on the same page and orders.
test.describe.configure({ mode: 'serial' });

const EMAIL = 'claire@atelier-martin.example';
const COMPANY = 'Atelier Martin';

let server: AppServer;
let page: Page;

test.beforeAll(async ({ appOfFile, browser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  page = await sharedPage(browser, { viewport: { width: 1440, height: 1000 } });
});

const call = <T>(method: string, path: string, body?: unknown, auth?: ApiAuth) =>
  callApi<T>(server, method, path, body, auth);

const payInSandbox = (paymentUrl: string) =>
  call('POST', `/api/sandbox/checkout/${paymentUrl.split('/').pop()}/pay`);

/** A yearly order paid by its client in the sandbox, and that client's session (set-password link). */
async function paidOrderAndClient(): Promise<{ orderId: string; cookie: string; adminToken: string }> {
  const { orderId, setPasswordToken, adminToken } = await paidOrderOfNewClient(server, {
    companyName: COMPANY,
    contactEmail: EMAIL,
    logoOption: 'ai',
    contentOption: 'ai',
  });
  const { cookie } = await call('POST', '/api/auth/set-password', {
    token: setPasswordToken,
    password: 'croissant-au-beurre',
  });
  return { orderId, cookie: cookie!, adminToken };
}

const office = () => backOfficePanel(page, COMPANY);
const panel = () => office().panel();
const statistic = (key: string) => page.locator(`[data-statistic="${key}"]`);
const expectStatus = (label: string) => office().expectStatus(label);

async function expectStatistic(key: string, value: string) {
  await expect(statistic(key), `${key} reads ${value}`).toHaveText(value, { timeout: 60_000 });
}

const act = (button: string | RegExp, fill: Record<string, string> = {}, confirm?: string | RegExp) =>
  office().act(button, fill, confirm);

/**
 * The client acts elsewhere; the back-office tab comes back to the front and refetches. Given the
 * client's write, it first waits until the order views have applied it (read-your-writes on the
 * admin's read), so the refetch cannot race the projector on a busy machine.
 */
async function comeBack(written?: { orderId: string; token: string; answer: { body: unknown } }) {
  const position = (written?.answer.body as { position?: number } | undefined)?.position;
  if (written && typeof position === 'number')
    await callApi(server, 'GET', `/api/admin/orders/${written.orderId}`, undefined, {
      token: written.token,
      minPosition: position,
    });
  await page.evaluate("window.dispatchEvent(new Event('focus'))");
}

test.describe('the back-office workflow', () => {
  test('takes a paid order from its contract to delivery, with a correction, a cancellation and a reactivation', async () => {
    test.setTimeout(180_000);
    const { orderId, cookie, adminToken } = await paidOrderAndClient();
    const asClient = { cookie };

    await signInToBackOffice(page, server);
    await expectToast(page, 'Connexion réussie');
    await expectStatistic('totalOrders', '1');
    await expectStatistic('yearlyDepositPaid', '1');
    await expectStatistic('awaitingPayment', '0');

    // The board: a drop where no action leads is refused and says why; then the paid order is moved
    // to « Contrat OK » with the keyboard (space to lift, an arrow to the next status, space to drop).
    await page.getByRole('button', { name: 'Tableau', exact: true }).click();
    await page.waitForURL(/view=board/);
    const handle = page.getByRole('button', { name: `Déplacer ${COMPANY}` });
    await expect(handle.first()).toBeVisible();
    const target = page.locator('[data-status="contract_signed"]');
    const refused = page.locator('[data-status="delivered"]');
    await handle.scrollIntoViewIfNeeded();
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2, { steps: 4 });
    await expect(target, 'the contract column accepts the card').toHaveAttribute('data-accepting', 'true');
    expect(await refused.getAttribute('data-accepting')).toBeNull();
    const away = (await refused.boundingBox())!;
    await page.mouse.move(away.x + away.width / 2, away.y + away.height / 2, { steps: 10 });
    await page.mouse.up();
    await expectToast(page, 'Déplacement impossible');
    await expect(
      page.getByText(new RegExp(`^${COMPANY} ne peut pas passer de « Paiement requis » à « .+ »\\.`)).first(),
    ).toBeVisible();

    await handle.focus();
    await page.keyboard.press('Space');
    // The card is lifted once the columns it may go to say so; only then do the arrows move it.
    await expect(target, 'the card is lifted by the keyboard').toHaveAttribute('data-accepting', 'true');
    // dnd-kit listens to the arrows from a task after the lift: an arrow pressed before that leaves
    // the card over its own status, and a person would press it again. Any other status is a fault.
    const overStatus = () =>
      page.locator('[data-over="true"]').first().getAttribute('data-status', { timeout: 1_000 });
    await page.keyboard.press('ArrowRight');
    const over = page.locator('[data-over="true"]').first();
    await expect(over, 'the arrow moves the card')
      .toHaveAttribute('data-status', 'contract_signed', { timeout: 3_000 })
      .catch(async () => {
        expect(await overStatus()).toBe('contract_ready_for_signature');
        await page.keyboard.press('ArrowRight');
      });
    await expect(over, 'the lifted card is over the contract column').toHaveAttribute(
      'data-status',
      'contract_signed',
    );
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Marquer le contrat comme signé').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirmer', exact: true }).click();
    await expectToast(page, 'Statut mis à jour');
    await expect(target.getByRole('button', { name: COMPANY, exact: true }).first()).toBeVisible();

    // The list and the detail panel of the order.
    await page.getByRole('button', { name: 'Liste', exact: true }).click();
    await page
      .getByRole('list', { name: 'Liste des commandes' })
      .getByRole('button', { name: new RegExp(COMPANY) })
      .click();
    await page.waitForURL(new RegExp(`order=${orderId}`));
    await expect(panel().first()).toBeVisible();
    await expectStatus('Contrat OK');
    await expect(panel().getByText('Acompte payé').first()).toBeVisible();
    await expect(panel().getByText('Aucun fichier fourni').first()).toBeVisible();
    await expect(panel().getByText('Aucun fichier envoyé').first()).toBeVisible();

    await act('Ouvrir le brief');
    await expectToast(page, 'Statut mis à jour');
    await expectStatus('Upload client');

    // Cancel (with its reason, shown on the panel), then reactivate. The client is only away: the team
    // keeps the deposit (no guarantee refund), so the order resumes where it was, its deposit held.
    await panel()
      .getByRole('group', { name: 'Actions' })
      .getByRole('button', { name: 'Annuler la commande' })
      .click();
    const cancellation = page.getByRole('dialog');
    await cancellation.getByLabel('Rembourser le client (garantie de 14 jours)').uncheck();
    await cancellation.getByLabel("Motif de l'annulation").fill('Client en congés');
    await cancellation.getByRole('button', { name: "Confirmer l'annulation" }).click();
    await expect(cancellation, 'the dialog closes').toHaveCount(0);
    await expectToast(page, 'Statut mis à jour');
    await expectStatus('Annulé');
    await expect(
      panel()
        .getByText(/Annulée le .* : Client en congés/)
        .first(),
    ).toBeVisible();
    await expectStatistic('yearlyDepositPaid', '0');
    await act(
      'Réactiver la commande (reprise en « Upload client »)',
      { 'Motif de la réactivation': 'Client de retour' },
      'Réactiver',
    );
    await expectStatus('Upload client');
    await expectStatistic('yearlyDepositPaid', '1');

    const submitted = await call(
      'POST',
      `/api/client/orders/${orderId}/submit-brief`,
      { nothingToSend: true },
      asClient,
    );
    await comeBack({ orderId, token: adminToken, answer: submitted });
    await expectStatus('Brief');

    // The dialog shows what the brief holds (nothing hidden behind it to look up), and Escape closes it.
    await panel().getByRole('button', { name: 'Valider le brief' }).click();
    const validation = page.getByRole('dialog');
    await expect(validation.getByRole('heading', { name: 'Ce que le client a envoyé' })).toBeVisible();
    await expect(validation.getByText("Le client a indiqué n'avoir rien à envoyer.")).toBeVisible();
    await expect(validation.getByText(/voir la liste/)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(panel().getByRole('button', { name: 'Valider le brief' })).toBeFocused();
    await act('Valider le brief', { 'Notes (facultatif)': 'Rien à envoyer, textes par IA' });
    await expectToast(page, 'Brief validé');
    await expect(
      panel()
        .getByText(/^Brief validé le /)
        .first(),
    ).toBeVisible();
    await act('Lancer la production');
    await expectStatus('Production');

    // A correction: back to the brief, with its reason; the brief must then be validated again.
    const correction = panel().getByRole('button', { name: /^Correction : revenir à « Brief »/ });
    await correction.click();
    const reasonDialog = page.getByRole('dialog');
    // An empty required field is said in French, not only by a button that stays grey.
    await reasonDialog.getByRole('button', { name: 'Confirmer la correction' }).click();
    await expect(reasonDialog.getByText('Le motif de la correction est requis')).toBeVisible();
    await reasonDialog.getByLabel('Motif de la correction').fill('Le brief doit être revu');
    await reasonDialog.getByRole('button', { name: 'Confirmer la correction' }).click();
    await expectToast(page, 'Statut mis à jour');
    await expectStatus('Brief');
    await act('Valider le brief');
    await act('Lancer la production');
    await expectStatus('Production');

    // The review link: required, checked, https:// prepended.
    await panel().getByRole('button', { name: 'Envoyer le lien de révision' }).click();
    const review = page.getByRole('dialog');
    await review.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expect(
      review.getByText('Une URL de révision est requise pour passer en phase de révision'),
    ).toBeVisible();
    await review.getByLabel('URL de révision').fill('pas une url');
    await review.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expectToast(page, 'URL invalide');
    await review.getByLabel('URL de révision').fill('preview.coseso.fr/atelier');
    await review.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expectToast(page, 'Statut mis à jour');
    await expectStatus('Révision');
    await expectStatistic('inRevision', '1');
    expect(await panel().getByRole('link', { name: "Voir l'aperçu du tour 1" }).getAttribute('href')).toBe(
      'https://preview.coseso.fr/atelier',
    );

    const changes = await call(
      'POST',
      `/api/client/orders/${orderId}/review`,
      { reviewStatus: 'changes_requested', reviewFeedback: 'Le logo plus grand' },
      asClient,
    );
    await comeBack({ orderId, token: adminToken, answer: changes });
    await expectStatus('Modifs demandées');
    await act(
      'Modifications terminées',
      {
        'URL de révision': 'preview.coseso.fr/atelier-v2',
        'Note pour le client (facultatif)': 'Logo agrandi',
      },
      'Envoyer',
    );
    await expectToast(page, 'Modifications terminées');
    await expectStatus('Révision');

    const approved = await call(
      'POST',
      `/api/client/orders/${orderId}/review`,
      { reviewStatus: 'approved' },
      asClient,
    );
    await comeBack({ orderId, token: adminToken, answer: approved });
    await expect(
      panel()
        .getByText(/^Maquette v2 validée par le client le /)
        .first(),
    ).toBeVisible();
    // Every round stays on the panel, and every answer of the client in « Actions du client ».
    const rounds = panel().getByRole('list', { name: 'Tours de révision' });
    await expect(rounds.locator('[data-review-round]')).toHaveCount(2);
    const first = rounds.locator('[data-review-round="1"]');
    await expect(first.getByText(/^Modifications demandées par le client le /)).toBeVisible();
    await expect(first.getByText('Le logo plus grand')).toBeVisible();
    await expect(rounds.locator('[data-review-round="2"]').getByText('Logo agrandi')).toBeVisible();
    const activity = panel().getByRole('list', { name: 'Actions du client' });
    await expect(activity.getByText('Maquette validée (version 2)')).toBeVisible();
    await expect(
      activity.getByText('Modifications demandées (version 1) : « Le logo plus grand »'),
    ).toBeVisible();
    // Another admin session moves the order on first: this one gets the 409, and the panel reloads.
    await call(
      'PATCH',
      `/api/admin/orders/${orderId}/status`,
      { status: 'awaiting_balance_payment' },
      { token: adminToken },
    );
    await panel().getByRole('button', { name: 'Demander le solde' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer', exact: true }).click();
    await expect(
      page
        .locator('[data-sonner-toast]')
        .getByText(/la commande est au statut « Solde »/)
        .first(),
    ).toBeVisible();
    await expectStatus('Solde');
    await expectStatistic('inRevision', '0');
    await expectStatistic('awaitingPayment', '1');

    const { body: balance } = await call<{ paymentUrl: string }>(
      'POST',
      `/api/orders/${orderId}/regenerate-final-payment`,
      undefined,
      asClient,
    );
    await payInSandbox(balance.paymentUrl);
    await expect(async () => {
      await comeBack();
      await expect(statusBadge(panel()).first(), 'the balance is paid').toHaveText(
        'Statut : Prêt livraison',
        {
          timeout: 1_000,
        },
      );
    }).toPass({ timeout: 60_000 });
    await expect(panel().getByText('Acompte et solde payés').first()).toBeVisible();
    await expectStatistic('awaitingPayment', '0');

    await panel().getByRole('button', { name: 'Finaliser la livraison' }).click();
    const delivery = page.getByRole('dialog');
    await delivery.getByLabel('URL du site livré').fill('atelier-martin.fr');
    await delivery.getByRole('button', { name: 'Livrer le site' }).click();
    await expectToast(page, 'Livraison confirmée !');
    await expectStatus('Livré');
    await expectStatistic('delivered', '1');
    await expect(panel().getByText('Commande livrée.').first()).toBeVisible();
  });
});
