import { AxeBuilder } from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { receivedEmail, signInClient } from '../support/client-area.js';
import { eventually } from '../support/eventually.js';
import { expect, test } from '../support/fixtures.js';
import { callApi, paidOrderOfNewClient } from '../support/journey.js';

// The conversation of an order, from both sides: the client writes to the team with a file in the
// Messages tab, the team answers from the back-office's API, each side's unread count and the
// client's red dot follow, the client is emailed; axe finds nothing serious at 390 and 1280 px.

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

/** The team's answer, as the panel's form sends it (multipart). */
async function teamAnswers(orderId: string, token: string, text: string): Promise<void> {
  const form = new FormData();
  form.append('text', text);
  const response = await fetch(`${server.url}/api/admin/orders/${orderId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, origin: server.url },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
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

test('a client writes to the team with a file, the team answers, both sides count what they have not read', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `conversation-${Date.now()}@boulangerie-martin.fr`;
  const { orderId, setPasswordToken, adminToken } = await paidOrderOfNewClient(server, {
    contactEmail: email,
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
  await page
    .getByLabel("Votre message à l'équipe")
    .fill('Bonjour, voici notre carte des pains pour la page Produits.');
  await page.getByLabel(/Joindre des fichiers/).setInputFiles({
    name: 'carte-des-pains.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Baguette tradition 1,30 €\nPain de campagne 3,20 €\n'),
  });
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText('Bonjour, voici notre carte des pains pour la page Produits.')).toBeVisible();
  await expect(thread.getByText('carte-des-pains.txt')).toBeVisible();
  await expect(thread.getByText('Envoyé', { exact: true })).toBeVisible();

  // The team has one message to read; the team is emailed.
  await eventually(
    async () => (await teamUnread(adminToken, orderId)) === 1,
    'the team counts one unread',
    30_000,
  );

  // The team answers: the client is emailed, and the tab shows its red dot once away from it.
  await teamAnswers(orderId, adminToken, 'Merci, bien reçu ! Nous l’ajoutons à la page Produits.');
  const mail = await receivedEmail(server, adminToken, email, 'new-messages');
  expect(mail.text).toContain(`/dashboard/${orderId}?tab=messages`);

  await page.goto(`${server.url}/dashboard/${orderId}?tab=overview`);
  await expect(async () => {
    await expect(tab).toHaveAttribute('data-action-required', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  // Reading the thread marks it read on both sides: the dot goes, the team sees « Lu par le client ».
  await tab.click();
  await expect(page.getByText('Merci, bien reçu ! Nous l’ajoutons à la page Produits.')).toBeVisible();
  await expect(page.getByText("L'équipe Coseso").first()).toBeVisible();
  await expect(tab).not.toHaveAttribute('data-action-required', 'true', { timeout: 30_000 });
  // The team reads the thread (as its panel does when shown): its count falls, the client sees « Lu par l'équipe ».
  const { body: seen } = await callApi<{ lastSeq: number }>(
    server,
    'GET',
    `/api/admin/orders/${orderId}/messages`,
    undefined,
    { token: adminToken },
  );
  await callApi(
    server,
    'POST',
    `/api/admin/orders/${orderId}/messages/read`,
    { upTo: seen.lastSeq },
    { token: adminToken },
  );
  await eventually(async () => (await teamUnread(adminToken, orderId)) === 0, 'the team has read it', 30_000);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Lu par l'équipe")).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  findings.push(...(await seriousFindings(page, 'messages, thread, 1280')));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText('Merci, bien reçu ! Nous l’ajoutons à la page Produits.')).toBeVisible();
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
