import { completeForm } from '@coseso/backend/testing/order-journey';
import { type Browser, type Page } from 'playwright-core';
import { type AppServer, startAppServer } from './app-server.js';
import { launchBrowser } from './browser.js';

/** The back-office admin every journey's app is started with. */
export const ADMIN = { email: 'admin@coseso.test', password: 'secret-du-back-office' };

export interface Journey {
  readonly server: AppServer;
  readonly browser: Browser;
}

/** The built app (with the back-office's admin, and `env` on top) and Chromium, started side by side. */
export async function startJourney(env: Record<string, string> = {}): Promise<Journey> {
  const [server, browser] = await Promise.all([
    startAppServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env }),
    launchBrowser(),
  ]);
  return { server, browser };
}

/** Closes what `startJourney` started, whichever of the two did start. */
export async function stopJourney(journey: Partial<Journey> | undefined): Promise<void> {
  await journey?.browser?.close();
  await journey?.server?.stop();
}

/** Signs in at /admin the way a person does (the email and password fields, then "Se connecter"). */
export async function signInToBackOffice(
  page: Page,
  server: AppServer,
  account: { email: string; password: string } = ADMIN,
): Promise<void> {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/** A JSON POST to the app as a visitor's browser makes it; any answer but 2xx fails the test. */
export async function postJson<T>(server: AppServer, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** An order created and completed through the public API (the wizard's calls), placed but unpaid. */
export async function completedOrder(
  server: AppServer,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const { orderId } = await postJson<{ orderId: string }>(server, '/api/create-order', {});
  await postJson(server, `/api/orders/${orderId}/complete`, completeForm(overrides));
  return orderId;
}
