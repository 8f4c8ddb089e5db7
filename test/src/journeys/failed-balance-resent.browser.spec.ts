import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { CUSTOMER_TIME_ZONE } from '@coseso/domain/shared/customer-time-zone';
import { type Browser } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { BACK_OFFICE_SIZES, backOfficePanel, panelFact } from '../support/back-office-panel.js';
import { emailsTo } from '../support/client-area.js';
import { eventually } from '../support/eventually.js';
import {
  type ApiAuth,
  callApi,
  orderProjected,
  paidOrderOfNewClient,
  signInToBackOffice,
} from '../support/journey.js';
import { untilPreviewSent } from '@coseso/backend/write-side/testing/order-commands';
import { type OrderAdmin, orderAdminOf } from '../support/order-admin.js';
import { expect, sharedPage, test } from '../support/fixtures.js';
import { expectToast } from '../support/page-checks.js';

// The back-office's money at both of its screens, each with an order of its own: a balance whose card
// payment failed, shown with its reason and date, its link sent again from the panel (the client's
// email, the order's history); every answer of the client to the previews in « Actions du client »;
// the statistic cards' amounts said TTC, and counted so.

const ORDERS = [
  { size: BACK_OFFICE_SIZES[0], company: 'Verrerie Caron', email: 'ines@verrerie-caron.example' },
  { size: BACK_OFFICE_SIZES[1], company: 'Tonnellerie Vidal', email: 'hugo@tonnellerie-vidal.example' },
];

let server: AppServer;
let browser: Browser;
let admin: OrderAdmin;
// What the yearly orders of this file's app have paid in full, deposit and balance, in cents TTC:
// the « Chiffre d’affaires annuel » card counts exactly these.
let paidInFullCents = 0;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
  admin = await orderAdminOf(server);
});
test.afterAll(async () => {
  await admin?.close();
});

const call = <T>(method: string, path: string, body?: unknown, auth?: ApiAuth) =>
  callApi<T>(server, method, path, body, auth);

/** An amount of the panel (« 588,60 € TTC », spaces plain) in cents. */
const cents = (amount: string) => Math.round(Number(amount.replace(/[ €]|TTC/g, '').replace(',', '.')) * 100);
/** The TTC half of a panel's « … € HT, soit … € TTC ». */
const ttcOf = (fact: string) => /soit ([\d ]+,\d\d € TTC)$/.exec(fact)![1]!;

/** A moment in Paris, as the panel writes it (« 7 décembre 2026 à 03:12 »): its day or its time. */
const inParis = (iso: string, part: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('fr-FR', { ...part, timeZone: CUSTOMER_TIME_ZONE }).format(new Date(iso));

test.describe('the back-office at both screens: a failed balance, its link sent again, the client’s every answer, the statistics TTC', () => {
  for (const { size, company, email } of ORDERS)
    test(`at ${size.width}×${size.height}: the team sees the failed balance, sends a new link from the panel, and reads every answer of the client`, async () => {
      test.setTimeout(240_000);
      const { orderId, setPasswordToken, adminToken } = await paidOrderOfNewClient(server, {
        companyName: company,
        contactEmail: email,
      });
      const { cookie } = await call('POST', '/api/auth/set-password', {
        token: setPasswordToken,
        password: 'vitrail-et-chene',
      });
      const asClient = { cookie: cookie! };

      // The preview sent, the client asks for changes, the team makes them, the client approves
      // version 2; the team asks for the balance.
      await admin.run(orderId, ...untilPreviewSent(`https://preview.coseso.test/${orderId}`));
      await call(
        'POST',
        `/api/client/orders/${orderId}/review`,
        { reviewStatus: 'changes_requested', reviewFeedback: 'Le bandeau plus sombre' },
        asClient,
      );
      await admin.run(orderId, {
        type: 'CompleteChanges',
        reviewUrl: `https://preview.coseso.test/${orderId}/v2`,
        note: 'Bandeau assombri',
      });
      await call('POST', `/api/client/orders/${orderId}/review`, { reviewStatus: 'approved' }, asClient);
      await admin.run(orderId, { type: 'RequestFinalPayment' });

      // The client's card is refused on the balance's checkout page.
      const { body: link } = await call<{ paymentUrl: string }>(
        'POST',
        `/api/orders/${orderId}/regenerate-final-payment`,
        undefined,
        asClient,
      );
      await call('POST', `/api/sandbox/checkout/${link.paymentUrl.split('/').pop()}/fail`);
      let failedAt = '';
      await eventually(async () => {
        const { body } = await call<{ failedPayment: { at: string } | null }>(
          'GET',
          `/api/admin/orders/${orderId}`,
          undefined,
          { token: adminToken },
        );
        failedAt = body.failedPayment?.at ?? '';
        return failedAt !== '';
      }, 'the back-office reads the failed balance');
      const resent = async () =>
        (await emailsTo(server, adminToken, email)).filter(
          (e) => e.template === 'final-payment-due' && e.subject.startsWith('Nouveau lien de paiement'),
        );
      expect(await resent(), 'no new link before the team asks for one').toHaveLength(0);

      // The team: the panel says what failed, why and when, and the way on is on it.
      const page = await sharedPage(browser, { viewport: size });
      await signInToBackOffice(page, server);
      await expectToast(page, 'Connexion réussie');
      await page.goto(`${server.url}/admin?order=${orderId}`);
      const { panel, expectStatus } = backOfficePanel(page, company);
      await expectStatus('Solde');
      const failure = panel().getByRole('alert').filter({ hasText: 'Paiement en échec' });
      const day = inParis(failedAt, { dateStyle: 'long' });
      const time = inParis(failedAt, { timeStyle: 'short' });
      await expect(failure).toContainText(
        new RegExp(
          `Solde de 50\\s% : le paiement a échoué \\(refusé ou abandonné\\), le ${day}\\D+${time}\\.`,
        ),
      );
      const balance = ttcOf(await panelFact(panel(), 'Facturation', 'Solde (50 %)'));
      const deposit = ttcOf(await panelFact(panel(), 'Facturation', 'Acompte (50 %)'));

      await failure.getByRole('button', { name: 'Renvoyer un lien de paiement' }).click();
      await expectToast(page, 'Lien de paiement renvoyé');
      // The client gets the email, once, with the way to the payment in the client area.
      await eventually(async () => (await resent()).length > 0, `the new link reaches ${email}`, 20_000);
      const [mail, ...more] = await resent();
      expect(more).toHaveLength(0);
      expect(mail!.subject).toMatch(/^Nouveau lien de paiement : solde de 50 % – commande #\d+$/);
      expect(mail!.text).toContain("n'a pas encore abouti : voici un nouveau lien pour le régler");
      expect(mail!.text).toContain(`/dashboard/${orderId}?tab=project`);

      // Every answer of the client, the request for changes too, newest first.
      const activity = panel().getByRole('list', { name: 'Actions du client' });
      await expect(activity.getByRole('listitem').nth(0)).toHaveText(/Maquette validée \(version 2\)$/);
      await expect(activity.getByRole('listitem').nth(1)).toHaveText(
        /Modifications demandées \(version 1\) : « Le bandeau plus sombre »$/,
      );
      await expect(activity.getByText(/^Acompte payé : .+ \(par carte\)$/)).toHaveCount(1);

      // The panel's history records the link sent again, with the balance owed.
      await panel().getByRole('link', { name: 'Historique de la commande' }).click();
      await page.waitForURL(new RegExp(`/admin/orders/${orderId}/history`));
      await expect(
        page.getByRole('list', { name: 'Événements de la commande' }).getByRole('button', {
          name: new RegExp(`Lien de paiement du solde renvoyé au client : ${balance.replace(/ /g, '\\s')}`),
        }),
      ).toHaveCount(1);

      // The client pays the balance from a new link: the failure is gone, the payment is the client's.
      const { body: again } = await call<{ paymentUrl: string }>(
        'POST',
        `/api/orders/${orderId}/regenerate-final-payment`,
        undefined,
        asClient,
      );
      await call('POST', `/api/sandbox/checkout/${again.paymentUrl.split('/').pop()}/pay`);
      await orderProjected(server, orderId);
      paidInFullCents += cents(deposit) + cents(balance);
      await page.goto(`${server.url}/admin?order=${orderId}`);
      await expectStatus('Prêt livraison');
      await expect(panel().getByRole('alert').filter({ hasText: 'Paiement en échec' })).toHaveCount(0);
      await expect(activity.getByRole('listitem').first()).toContainText(
        new RegExp(`Solde payé : ${balance.replace(/ /g, '\\s')} \\(par carte\\)$`),
      );

      // The statistic cards: each amount says TTC, and the yearly revenue counts the orders paid in
      // full, VAT included (in whole euros).
      const statistics = page.getByRole('region', { name: 'Statistiques' });
      const yearlyRevenue = statistics.locator('[data-statistic="yearlyRevenueCents"]');
      await expect(yearlyRevenue).toHaveAccessibleName('Chiffre d’affaires annuel, TTC');
      await expect(yearlyRevenue).toHaveText(
        formatEuros(Math.round(paidInFullCents / 100) * 100, { decimals: 'auto' }),
      );
      await expect(
        statistics.locator('[data-statistic="monthlyRecurringRevenueCents"]'),
      ).toHaveAccessibleName('Revenu mensuel récurrent, TTC');
      const cards = statistics.getByRole('listitem');
      await expect(cards).toHaveCount(8);
      for (const card of await cards.all()) {
        const value = (await card.locator('[data-statistic]').textContent()) ?? '';
        const label = (await card.locator('[id^="stat-"]').textContent()) ?? '';
        if (value.includes('€')) expect(label, `« ${label} » says HT or TTC`).toMatch(/\b(HT|TTC)$/);
      }
      await page.context().close();
    });
});
