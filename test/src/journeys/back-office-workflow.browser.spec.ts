import { type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import {
  BACK_OFFICE_SIZES,
  backOfficePanel,
  nextStepLine,
  statusBadge,
} from '../support/back-office-panel.js';
import {
  ADMIN,
  type ApiAuth,
  callApi,
  paidOrderOfNewClient,
  signInToBackOffice,
} from '../support/journey.js';
import { expect, test } from '../support/fixtures.js';
import { expectToast } from '../support/page-checks.js';

// The whole workflow at both screens of the back-office, each with an order, a client and a page of
// its own: a run reads the statistics against what the app held before its order.
const RUNS = [
  {
    size: BACK_OFFICE_SIZES[0],
    company: 'Atelier Martin',
    email: 'claire@atelier-martin.example',
    preview: 'preview.coseso.fr/atelier-martin',
    site: 'atelier-martin.fr',
  },
  {
    size: BACK_OFFICE_SIZES[1],
    company: 'Atelier Moreau',
    email: 'hugo@atelier-moreau.example',
    preview: 'preview.coseso.fr/atelier-moreau',
    site: 'atelier-moreau.fr',
  },
];

type Statistics = Record<string, number>;
const STATISTICS = ['totalOrders', 'yearlyDepositPaid', 'awaitingPayment', 'inRevision', 'delivered'];

async function statisticsNow(server: AppServer): Promise<Statistics> {
  const { body: login } = await callApi<{ token: string }>(server, 'POST', '/api/admin/login', ADMIN);
  const { body } = await callApi<Statistics>(server, 'GET', '/api/admin/statistics', undefined, {
    token: login.token,
  });
  return body;
}

/** One run of the workflow: its order's company, its page at its size, the app's statistics before it. */
function workflowOf(server: AppServer, page: Page, company: string, before: Statistics) {
  const office = backOfficePanel(page, company);
  const call = <T>(method: string, path: string, body?: unknown, auth?: ApiAuth) =>
    callApi<T>(server, method, path, body, auth);
  return {
    call,
    office,
    panel: office.panel,
    /** The card `key` reads what it read before this run, plus `added` (this run's order). */
    expectStatistic: async (key: string, added: number) =>
      expect(page.locator(`[data-statistic="${key}"]`), `${key} is ${added} over the other runs'`).toHaveText(
        String(before[key]! + added),
        { timeout: 60_000 },
      ),
    /**
     * The client acts elsewhere; the back-office tab comes back to the front and refetches. Given the
     * client's write, it first waits until the order views have applied it (read-your-writes on the
     * admin's read), so the refetch cannot race the projector on a busy machine.
     */
    comeBack: async (written?: { orderId: string; token: string; answer: { body: unknown } }) => {
      const position = (written?.answer.body as { position?: number } | undefined)?.position;
      if (written && typeof position === 'number')
        await call('GET', `/api/admin/orders/${written.orderId}`, undefined, {
          token: written.token,
          minPosition: position,
        });
      await page.evaluate("window.dispatchEvent(new Event('focus'))");
    },
  };
}

test.describe('the back-office workflow', () => {
  for (const { size, company, email, preview, site } of RUNS)
    test.describe(`at ${size.width}×${size.height}`, () => {
      test.use({ viewport: size });

      test('takes a paid order from its contract to delivery, with a correction, a cancellation in production and a reactivation that resumes there', async ({
        app: server,
        page,
      }) => {
        test.setTimeout(360_000);
        const before = Object.fromEntries(
          Object.entries(await statisticsNow(server)).filter(([key]) => STATISTICS.includes(key)),
        );
        const { call, office, panel, expectStatistic, comeBack } = workflowOf(server, page, company, before);
        const expectStatus = (label: string) => office.expectStatus(label);
        const act = (button: string | RegExp, fill: Record<string, string> = {}, confirm?: string | RegExp) =>
          office.act(button, fill, confirm);
        const actions = () => panel().getByRole('group', { name: 'Actions' });

        // A yearly order paid by its client in the sandbox (logo and texts by AI: the brief asks only
        // the site's architecture), and that client's session (set-password link).
        const { orderId, setPasswordToken, adminToken } = await paidOrderOfNewClient(server, {
          companyName: company,
          contactEmail: email,
          logoOption: 'ai',
          contentOption: 'ai',
        });
        const { cookie } = await call('POST', '/api/auth/set-password', {
          token: setPasswordToken,
          password: 'croissant-au-beurre',
        });
        const asClient = { cookie: cookie! };

        await signInToBackOffice(page, server);
        await expectToast(page, 'Connexion réussie');
        await expectStatistic('totalOrders', 1);
        await expectStatistic('yearlyDepositPaid', 1);
        await expectStatistic('awaitingPayment', 0);

        // The board: a drop where no action leads is refused and says why; then the paid order is
        // moved to « Contrat OK » with the keyboard (space to lift, an arrow to the next status, space
        // to drop).
        await page.getByRole('button', { name: 'Tableau', exact: true }).click();
        await page.waitForURL(/view=board/);
        const handle = page.getByRole('button', { name: `Déplacer ${company}` });
        await expect(handle.first()).toBeVisible();
        const target = page.locator('[data-status="contract_signed"]');
        const refused = page.locator('[data-status="delivered"]');
        // The whole board on screen (it is one screen high), as a person scrolls to it before dragging:
        // the column aimed at is in the window, never above it.
        const board = page.getByRole('list', { name: 'Tableau des commandes' });
        await board.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        const onScreen = (await board.boundingBox())!;
        expect(onScreen.y, 'the board starts in the window').toBeGreaterThanOrEqual(0);
        expect(onScreen.y + onScreen.height, 'the board ends in the window').toBeLessThanOrEqual(size.height);
        const box = (await handle.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2, { steps: 4 });
        await expect(target, 'the contract column accepts the card').toHaveAttribute(
          'data-accepting',
          'true',
        );
        expect(await refused.getAttribute('data-accepting')).toBeNull();
        const away = (await refused.boundingBox())!;
        // The pointer on « Livré », below « Prêt livraison »: the card, held by its handle at its foot,
        // overlaps the column above more, but the column under the pointer is the one aimed at.
        await page.mouse.move(away.x + away.width / 2, away.y + away.height / 2, { steps: 10 });
        await expect(refused, 'the card is over the delivered column').toHaveAttribute('data-over', 'true');
        await page.mouse.up();
        await expectToast(page, 'Déplacement impossible');
        await expect(
          page
            .getByText(`${company} ne peut pas passer de « Paiement requis » à « Livré ».`, { exact: false })
            .first(),
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
        await expect(target.getByRole('button', { name: company, exact: true }).first()).toBeVisible();

        // The list and the detail panel of the order.
        await page.getByRole('button', { name: 'Liste', exact: true }).click();
        await page
          .getByRole('list', { name: 'Liste des commandes' })
          .getByRole('button', { name: new RegExp(company) })
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

        const submitted = await call(
          'POST',
          `/api/client/orders/${orderId}/submit-brief`,
          { nothingToSend: true },
          asClient,
        );
        await comeBack({ orderId, token: adminToken, answer: submitted });
        await expectStatus('Brief');

        // The dialog shows what the brief holds, its checklist inside (nothing hidden behind it to
        // look up), and Escape closes it.
        await actions().getByRole('button', { name: 'Valider le brief' }).click();
        const validation = page.getByRole('dialog');
        await expect(validation.getByRole('heading', { name: 'Ce que le client a envoyé' })).toBeVisible();
        await expect(
          validation
            .getByRole('list', { name: 'Checklist du brief' })
            .getByRole('listitem')
            .filter({ hasText: /^\W*Arborescence du site :\s*Aucun fichier envoyé$/ }),
        ).toBeVisible();
        await expect(validation.getByText("Le client a indiqué n'avoir rien à envoyer.")).toBeVisible();
        await expect(validation.getByText(/voir la liste/)).toHaveCount(0);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(actions().getByRole('button', { name: 'Valider le brief' })).toBeFocused();
        await act('Valider le brief', { 'Notes (facultatif)': 'Rien à envoyer, textes par IA' });
        await expectToast(page, 'Brief validé');
        await expect(
          panel()
            .getByText(/^Brief validé le /)
            .first(),
        ).toBeVisible();
        await act('Lancer la production');
        await expectStatus('Production');

        // Cancelled in production (its reason on the panel). The client is only away: the team keeps
        // the deposit (no guarantee refund).
        await actions().getByRole('button', { name: 'Annuler la commande' }).click();
        const cancellation = page.getByRole('dialog');
        await cancellation.getByLabel('Rembourser le client (garantie de 14 jours)').uncheck();
        // An empty reason is said in French, not only by a button that stays grey.
        await cancellation.getByRole('button', { name: "Confirmer l'annulation" }).click();
        await expect(cancellation.getByText("Le motif de l'annulation est requis")).toBeVisible();
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
        await expectStatistic('yearlyDepositPaid', 0);

        // The reactivation asks a reason (said in French when empty) and resumes where the order was
        // cancelled, its brief still validated, with the team's next move offered from there.
        await actions()
          .getByRole('button', { name: 'Réactiver la commande (reprise en « Production »)' })
          .click();
        const reactivation = page.getByRole('dialog');
        await reactivation.getByRole('button', { name: 'Réactiver', exact: true }).click();
        await expect(reactivation.getByText('Le motif de la réactivation est requis')).toBeVisible();
        await expect(reactivation.getByLabel('Motif de la réactivation')).toHaveAttribute(
          'aria-invalid',
          'true',
        );
        await reactivation.getByLabel('Motif de la réactivation').fill('Client de retour');
        await reactivation.getByRole('button', { name: 'Réactiver', exact: true }).click();
        await expect(reactivation, 'the dialog closes').toHaveCount(0);
        await expectToast(page, 'Statut mis à jour');
        await expectStatus('Production');
        await expect(
          panel()
            .getByText(/^Réactivée le .* : Client de retour$/)
            .first(),
        ).toBeVisible();
        await expect(panel().getByText(/Annulée le /)).toHaveCount(0);
        await expect(
          panel()
            .getByText(/^Brief validé le /)
            .first(),
        ).toBeVisible();
        await expect(nextStepLine(panel())).toHaveText(/^À faire : Envoyer le lien de révision/);
        await expect(actions().getByRole('button', { name: 'Envoyer le lien de révision' })).toBeVisible();
        await expectStatistic('yearlyDepositPaid', 1);

        // A correction: back to the brief, with its reason; the brief must then be validated again.
        await actions()
          .getByRole('button', { name: /^Correction : revenir à « Brief »/ })
          .click();
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
        await actions().getByRole('button', { name: 'Envoyer le lien de révision' }).click();
        const review = page.getByRole('dialog');
        await review.getByRole('button', { name: 'Envoyer', exact: true }).click();
        await expect(
          review.getByText('Une URL de révision est requise pour passer en phase de révision'),
        ).toBeVisible();
        await review.getByLabel('URL de révision').fill('pas une url');
        await review.getByRole('button', { name: 'Envoyer', exact: true }).click();
        await expectToast(page, 'URL invalide');
        await review.getByLabel('URL de révision').fill(preview);
        await review.getByRole('button', { name: 'Envoyer', exact: true }).click();
        await expectToast(page, 'Statut mis à jour');
        await expectStatus('Révision');
        await expectStatistic('inRevision', 1);
        await expect(panel().getByRole('link', { name: "Voir l'aperçu du tour 1" })).toHaveAttribute(
          'href',
          `https://${preview}`,
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
          { 'URL de révision': `${preview}-v2`, 'Note pour le client (facultatif)': 'Logo agrandi' },
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
        // Every round stays on the panel, each with its version, link, note, the client's feedback,
        // decision and dates; and every answer of the client is in « Actions du client ».
        const rounds = panel().getByRole('list', { name: 'Tours de révision' });
        await expect(rounds.locator('[data-review-round]')).toHaveCount(2);
        const first = rounds.locator('[data-review-round="1"]');
        await expect(first.getByText(/^Tour 1 · version 1 envoyée le \d/)).toBeVisible();
        await expect(first.getByRole('link', { name: "Voir l'aperçu du tour 1" })).toHaveAttribute(
          'href',
          `https://${preview}`,
        );
        await expect(first.getByText(/^Note de l'équipe : aucune$/)).toBeVisible();
        await expect(first.getByText(/^Modifications demandées par le client le \d/)).toBeVisible();
        await expect(first.getByText('Le logo plus grand')).toBeVisible();
        const second = rounds.locator('[data-review-round="2"]');
        await expect(second.getByText(/^Tour 2 · version 2 envoyée le \d/)).toBeVisible();
        await expect(second.getByRole('link', { name: "Voir l'aperçu du tour 2" })).toHaveAttribute(
          'href',
          `https://${preview}-v2`,
        );
        await expect(second.getByText(/^Note de l'équipe : Logo agrandi$/)).toBeVisible();
        await expect(second.getByText(/^Validée par le client le \d/)).toBeVisible();
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
        await actions().getByRole('button', { name: 'Demander le solde' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Confirmer', exact: true }).click();
        await expect(
          page
            .locator('[data-sonner-toast]')
            .getByText(/la commande est au statut « Solde »/)
            .first(),
        ).toBeVisible();
        await expectStatus('Solde');
        await expectStatistic('inRevision', 0);
        await expectStatistic('awaitingPayment', 1);

        const { body: balance } = await call<{ paymentUrl: string }>(
          'POST',
          `/api/orders/${orderId}/regenerate-final-payment`,
          undefined,
          asClient,
        );
        await call('POST', `/api/sandbox/checkout/${balance.paymentUrl.split('/').pop()}/pay`);
        await expect(async () => {
          await comeBack();
          await expect(statusBadge(panel()).first(), 'the balance is paid').toHaveText(
            'Statut : Prêt livraison',
            { timeout: 1_000 },
          );
        }).toPass({ timeout: 60_000 });
        await expect(panel().getByText('Acompte et solde payés').first()).toBeVisible();
        await expectStatistic('awaitingPayment', 0);

        await actions().getByRole('button', { name: 'Finaliser la livraison' }).click();
        const delivery = page.getByRole('dialog');
        await delivery.getByLabel('URL du site livré').fill(site);
        await delivery.getByRole('button', { name: 'Livrer le site' }).click();
        await expectToast(page, 'Livraison confirmée !');
        await expectStatus('Livré');
        await expectStatistic('delivered', 1);
        await expect(panel().getByText('Commande livrée.').first()).toBeVisible();

        // The order's history reads the cancellation and the reactivation with their reasons.
        await panel().getByRole('link', { name: 'Historique de la commande' }).click();
        await expect(page.getByText('Commande annulée : Client en congés').first()).toBeVisible();
        await expect(
          page.getByText('Commande réactivée : Client de retour — reprise en « Production »').first(),
        ).toBeVisible();
      });
    });
});
