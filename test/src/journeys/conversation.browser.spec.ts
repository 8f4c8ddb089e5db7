import { AxeBuilder } from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { receivedEmail, signInClient } from '../support/client-area.js';
import { eventually } from '../support/eventually.js';
import { expect, test } from '../support/fixtures.js';
import { agencyContact } from '@coseso/domain/shared/agency-contact';
import {
  backOfficeHomeLoaded,
  callApi,
  paidOrderOfNewClient,
  signInToBackOffice,
} from '../support/journey.js';

// The conversation of an order, from both sides: the client writes to the team with a file in the
// Messages tab, the team reads and answers on the order's panel in the back-office, each side's
// unread count (the list's card, the panel, the client's red dot) and read receipt follow, each side
// is emailed; axe finds nothing serious at 390 and 1280 px.

let server: AppServer;
test.beforeEach(({ app }) => {
  server = app;
});

const PASSWORD = 'pain-de-campagne-42';

async function seriousFindings(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const teamUnread = async (token: string, orderId: string) =>
  (
    await callApi<{ orders: { orderId: string; unread: number }[] }>(
      server,
      'GET',
      '/api/admin/messages/unread',
      undefined,
      { token },
    )
  ).body.orders.find((o) => o.orderId === orderId)?.unread ?? 0;

test('a client writes to the team with a file, the team answers from its panel, both sides count, are emailed and see the read receipts', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const email = `conversation-${Date.now()}@boulangerie-martin.fr`;
  const company = `Boulangerie Martin ${Date.now()}`;
  const { orderId, setPasswordToken, adminToken } = await paidOrderOfNewClient(server, {
    contactEmail: email,
    companyName: company,
  });
  const page = await signInClient(browser, server, setPasswordToken, PASSWORD);
  const findings: string[] = [];

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}/dashboard/${orderId}?tab=messages`);
  const tab = page.getByRole('tab', { name: 'Messages' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  // Its promise about emails is the batching's: one email a quarter-hour at most.
  await expect(page.getByText(/un email au plus par quart d'heure/)).toBeVisible();
  await expect(page.getByText(/Aucun message pour l'instant/)).toBeVisible();
  findings.push(...(await seriousFindings(page, 'messages, empty, 1280')));

  // The client writes with a file.
  const question = 'Bonjour, voici notre carte des pains pour la page Produits.';
  await page.getByLabel("Votre message à l'équipe").fill(question);
  await page.getByLabel(/Joindre des fichiers/).setInputFiles({
    name: 'carte-des-pains.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Baguette tradition 1,30 €\nPain de campagne 3,20 €\n'),
  });
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText(question)).toBeVisible();
  await expect(thread.getByText('carte-des-pains.txt')).toBeVisible();
  await expect(thread.getByText('Envoyé', { exact: true })).toBeVisible();

  // The team is emailed, with the link to the order's panel.
  const teamMail = await receivedEmail(server, adminToken, agencyContact.supportEmail, 'new-messages');
  expect(teamMail.text).toContain(question);
  expect(teamMail.text).toContain(`/admin?order=${orderId}`);

  // The back-office, in the browser: the list's card counts the unread message.
  const office = await (
    await browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } })
  ).newPage();
  await signInToBackOffice(office, server);
  await backOfficeHomeLoaded(office);
  const card = office
    .getByRole('list', { name: 'Liste des commandes' })
    .getByRole('button', { name: new RegExp(company) });
  await expect(card.getByText('1 message non lu', { exact: true })).toBeVisible();

  // Opening the panel reads the thread: its read receipt is held until the panel's count is seen.
  let releaseReceipt = () => {};
  const receiptHeld = new Promise<void>((resolve) => (releaseReceipt = resolve));
  await office.route(`**/api/admin/orders/${orderId}/messages/read`, async (route) => {
    await receiptHeld;
    await route.continue();
  });
  await card.click();
  const panel = office.getByRole('region', { name: company });
  const messages = panel.getByRole('region', { name: 'Messages', exact: true });
  await expect(messages.getByText('1 message non lu', { exact: true })).toBeVisible();
  await expect(messages.getByText(question)).toBeVisible();
  await expect(messages.getByText('Le client', { exact: true })).toBeVisible();
  await expect(messages.getByRole('link', { name: 'carte-des-pains.txt' })).toBeVisible();
  releaseReceipt();
  // Read: the counts go on the panel and on the list, and the client sees « Lu par l'équipe ».
  await expect(messages.getByText('1 message non lu', { exact: true })).toHaveCount(0);
  await expect(card.getByText(/message non lu/)).toHaveCount(0);
  await office.unroute(`**/api/admin/orders/${orderId}/messages/read`);
  expect(await teamUnread(adminToken, orderId)).toBe(0);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Lu par l'équipe")).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });

  // The team answers from the panel.
  const answer = 'Merci, bien reçu ! Nous l’ajoutons à la page Produits.';
  await messages.getByLabel('Votre réponse au client').fill(answer);
  await messages.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(messages.getByText(answer)).toBeVisible();
  await expect(messages.getByText('Envoyé', { exact: true })).toBeVisible();

  // The client is emailed, and the tab shows its red dot once away from it, read as the count.
  const mail = await receivedEmail(server, adminToken, email, 'new-messages');
  expect(mail.text).toContain(answer);
  expect(mail.text).toContain(`/dashboard/${orderId}?tab=messages`);
  await page.goto(`${server.url}/dashboard/${orderId}?tab=overview`);
  await expect(async () => {
    await expect(tab).toHaveAttribute('data-action-required', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(tab).toHaveAccessibleDescription('1 message non lu');
  // Reading the thread marks it read on both sides: the dot goes, the team sees « Lu par le client ».
  await tab.click();
  await expect(page.getByText(answer)).toBeVisible();
  await expect(page.getByText("L'équipe Coseso").first()).toBeVisible();
  await expect(tab).not.toHaveAttribute('data-action-required', 'true', { timeout: 30_000 });
  await expect(async () => {
    await office.reload();
    await expect(messages.getByText('Lu par le client')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  findings.push(...(await seriousFindings(page, 'messages, thread, 1280')));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText(answer)).toBeVisible();
  // Nothing is wider than the phone.
  expect(
    await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement.scrollWidth,
    ),
  ).toBeLessThanOrEqual(390);
  findings.push(...(await seriousFindings(page, 'messages, thread, 390')));
  await page.screenshot({ path: 'test-results/conversation-390.png', fullPage: true });

  expect(findings).toEqual([]);
});

test('a client who orders again starts from their last order, and a paid order’s link says « Masqué »', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `again-${Date.now()}@plomberie-duval.fr`;
  const { orderId, setPasswordToken } = await paidOrderOfNewClient(server, {
    contactEmail: email,
    companyName: 'Plomberie Duval',
    companyAddress: '4 rue du Port\n44000 Nantes',
    contactFirstName: 'Marc',
    contactLastName: 'Duval',
  });
  const page = await signInClient(browser, server, setPasswordToken, PASSWORD);
  await page.setViewportSize({ width: 390, height: 844 });

  // A second order: the wizard opens with the company and the contact of the first, editable.
  await page.goto(`${server.url}/order-form`);
  await page.waitForURL(/\/order-form\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('prefilled-from-last-order')).toContainText(
    'Nous avons repris votre entreprise',
  );
  await expect(page.getByLabel("Nom de l'entreprise")).toHaveValue('Plomberie Duval');
  await expect(page.getByLabel('Adresse postale')).toHaveValue('4 rue du Port\n44000 Nantes');
  await page.getByLabel("Nom de l'entreprise").fill('Plomberie Duval & Fils');
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Prénom')).toHaveValue('Marc');
  const newOrderId = page.url().split('/').pop()!;
  // Saved as typed: the server holds the edited name.
  await eventually(
    async () =>
      (await callApi<{ companyName?: string }>(server, 'GET', `/api/orders/${newOrderId}`)).body
        .companyName === 'Plomberie Duval & Fils',
    'the new order saved with the edited name',
    30_000,
  );

  // The first order's link, read without a session: its personal fields are hidden, and said so.
  const visitor = await (
    await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 900 } })
  ).newPage();
  await visitor.goto(`${server.url}/order-form/${orderId}`);
  await expect(visitor.getByRole('heading', { name: 'Commande payée' })).toBeVisible();
  await expect(visitor.getByText(/marqués « Masqué » ci-dessous/)).toBeVisible();
  const company = visitor
    .locator('dt', { hasText: "Nom de l'entreprise" })
    .locator('xpath=following-sibling::dd[1]');
  await expect(company).toHaveText('Masqué');
  const position = visitor.locator('dt', { hasText: /^Fonction$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(position).toHaveText('Non renseigné');
});
