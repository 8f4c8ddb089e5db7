import { completeForm } from '@coseso/backend/testing/order-journey';
import { orderStreamId } from '@coseso/domain/events/event-reader';
import { expect, type Page } from '@playwright/test';
import { type AppServer } from './app-server.js';
import { eventually } from './eventually.js';

/** The back-office admin every journey's app is started with (fixtures.ts). */
export const ADMIN = { email: 'admin@coseso.test', password: 'secret-du-back-office' };

/** Signs in at /admin (or `path`, a back-office page) the way a person does: the email and password fields, then "Se connecter". */
export async function signInToBackOffice(
  page: Page,
  server: AppServer,
  account: { email: string; password: string } = ADMIN,
  path = '/admin',
): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  // Signed in once the form has given way to the page asked for.
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveCount(0);
}

/**
 * The back-office home once its order list has come: what lies below the list (the event log's and
 * the emails' links) is pushed down when it does, and a click aimed before that lands elsewhere.
 */
export async function backOfficeHomeLoaded(page: Page): Promise<void> {
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^\d+ commandes?/ })
      .first(),
  ).toBeVisible();
}

/**
 * An order created and completed through the public API (the wizard's calls), placed but unpaid,
 * and in the read models once this returns: a page opened next (the back-office list) shows it.
 */
export async function completedOrder(
  server: AppServer,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const { body } = await callApi<{ orderId: string }>(server, 'POST', '/api/create-order', {});
  const completed = await callApi<{ position: number }>(
    server,
    'POST',
    `/api/orders/${body.orderId}/complete`,
    completeForm(overrides),
  );
  await orderReadAt(server, body.orderId, completed.body.position);
  return body.orderId;
}

/** Reads the order once its read models have applied `position` (`X-Min-Position`). */
const orderReadAt = (server: AppServer, orderId: string, position: number) =>
  callApi(server, 'GET', `/api/orders/${orderId}`, undefined, { minPosition: position });

/**
 * Returns once the order's read models hold every event its stream has now: for a page opened
 * after writes a test made that answer no position (the sandbox's checkout, a bare fetch).
 */
export async function orderProjected(server: AppServer, orderId: string): Promise<void> {
  const { rows } = await server.db.query<{ position: string }>(
    `select max(global_position)::text as position from "${server.schema}".events where stream_id = $1`,
    [orderStreamId(orderId)],
  );
  await orderReadAt(server, orderId, Number(rows[0]!.position));
}

/** The types of the order's events in the log, in their order: what a journey's clicks recorded. */
export async function orderEventTypes(server: AppServer, orderId: string): Promise<string[]> {
  const { rows } = await server.db.query<{ type: string }>(
    `select type from "${server.schema}".events where stream_id = $1 order by stream_revision`,
    [orderStreamId(orderId)],
  );
  return rows.map((r) => r.type);
}

/** A bare JSON POST to the app, as a script would send it (no origin, no session): its answer, whatever the status. */
export const postJson = (server: AppServer, path: string, body: unknown = {}): Promise<Response> =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A back-office bearer token, or a client's session cookie (`name=value`). */
export interface ApiAuth {
  readonly token?: string;
  readonly cookie?: string;
  /** A read that waits until the read models have applied this position (`X-Min-Position`). */
  readonly minPosition?: number;
}

/**
 * A JSON call as the SPA makes it, from the app's own origin, with the back-office's token or a
 * client's cookie; any answer but 2xx fails the test. Gives the body and the session cookie set.
 */
export async function callApi<T>(
  server: AppServer,
  method: string,
  path: string,
  body?: unknown,
  auth: ApiAuth = {},
): Promise<{ body: T; cookie: string | null }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
      ...(auth.cookie ? { cookie: auth.cookie } : {}),
      ...(auth.minPosition !== undefined ? { 'x-min-position': String(auth.minPosition) } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? null;
  return { body: (text ? JSON.parse(text) : undefined) as T, cookie };
}

/**
 * An order completed with `form` (over `completeForm`'s defaults) and its first payment made in the
 * sandbox, as a new client does; then the set-password token of the account that payment opened,
 * read from its email in the dev mailbox (waited for `emailWaitMs`) with the back-office's token
 * (also given).
 */
export async function paidOrderOfNewClient(
  server: AppServer,
  form: Record<string, unknown> & { contactEmail: string },
  emailWaitMs = 20_000,
): Promise<{ orderId: string; setPasswordToken: string; adminToken: string }> {
  const call = async <T>(method: string, path: string, body?: unknown, auth?: ApiAuth) =>
    (await callApi<T>(server, method, path, body, auth)).body;
  const { orderId } = await call<{ orderId: string }>('POST', '/api/create-order', {});
  await call('POST', `/api/orders/${orderId}/complete`, completeForm(form));
  const firstPayment = form['billingPeriod'] === 'monthly' ? 'payment-monthly' : 'payment-annual';
  const { paymentUrl } = await call<{ paymentUrl: string }>('POST', `/api/orders/${orderId}/${firstPayment}`);
  await call('POST', `/api/sandbox/checkout/${paymentUrl.split('/').pop()}/pay`);

  const { token: adminToken } = await call<{ token: string }>('POST', '/api/admin/login', ADMIN);
  let text = '';
  await eventually(
    async () => {
      const { emails } = await call<{ emails: { to: string; template: string; text: string }[] }>(
        'GET',
        '/api/test/mailbox?limit=100',
        undefined,
        { token: adminToken },
      );
      text = emails.find((e) => e.to === form.contactEmail && e.template === 'account-created')?.text ?? '';
      return text !== '';
    },
    'the account email is sent',
    emailWaitMs,
  );
  return {
    orderId,
    setPasswordToken: decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(text)![1]!),
    adminToken,
  };
}
