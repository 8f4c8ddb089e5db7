import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { type AppServer } from './app-server.js';
import { eventually } from './eventually.js';
import { callApi } from './journey.js';

/** A fresh browser session for a client: sets the password from the email's link, lands in the client area. */
export async function signInClient(
  browser: Browser,
  server: AppServer,
  token: string,
  password: string,
): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  await page.goto(`${server.url}/auth/set-password?token=${encodeURIComponent(token)}`);
  await page.getByLabel('Nouveau mot de passe').fill(password);
  await page.getByLabel('Confirmer le mot de passe').fill(password);
  await page.getByRole('button', { name: 'Enregistrer mon mot de passe', exact: true }).click();
  await page.waitForURL(/\/dashboard/);
  return page;
}

/** Reloads until `locator` shows: the admin's steps reach the read models a moment after they are written. */
export async function reloadUntil(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(async () => {
    if (await locator.first().isVisible()) return;
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await locator.first().isVisible(), what).toBe(true);
  }).toPass({ timeout: 60_000 });
}

/** The order's status badge in the client area (its label follows a "Statut :" for screen readers). */
export const clientStatus = (scope: Locator, label: string) =>
  scope.getByText(`Statut : ${label}`, { exact: true });

/** Opens the order's project tab and waits until the timeline's current step is `key` (none: null). */
export async function currentStepIs(
  page: Page,
  server: AppServer,
  orderId: string,
  key: string | null,
): Promise<void> {
  await page.goto(`${server.url}/dashboard/${orderId}`);
  await expect(async () => {
    await expect(page.locator('[data-step]').first()).toBeVisible();
    const current = page.locator('[data-step][data-state="current"]');
    const seen = (await current.count()) === 0 ? null : await current.getAttribute('data-step');
    if (seen !== key) await page.reload();
    expect(seen, 'the current step').toBe(key);
  }).toPass({ timeout: 60_000 });
  await expect(page.locator('[data-step][aria-current="step"]')).toHaveCount(key === null ? 0 : 1);
}

/** An email of the dev mailbox, as `GET /api/test/mailbox` lists it. */
export interface SentEmail {
  to: string;
  template: string;
  subject: string;
  text: string;
}

/** The emails sent to `address`, oldest first (the dev mailbox lists newest first); read with the back-office's token. */
export async function emailsTo(server: AppServer, adminToken: string, address: string): Promise<SentEmail[]> {
  const { body } = await callApi<{ emails: SentEmail[] }>(
    server,
    'GET',
    '/api/test/mailbox?limit=100',
    undefined,
    { token: adminToken },
  );
  return body.emails.filter((email) => email.to === address).reverse();
}

/** Waits for the latest email of `template` to `address`, and gives it. */
export async function receivedEmail(
  server: AppServer,
  adminToken: string,
  address: string,
  template: string,
): Promise<SentEmail> {
  let found: SentEmail | undefined;
  await eventually(
    async () => {
      found = (await emailsTo(server, adminToken, address)).findLast((e) => e.template === template);
      return found !== undefined;
    },
    `the ${template} email reaches ${address}`,
    20_000,
  );
  return found!;
}
