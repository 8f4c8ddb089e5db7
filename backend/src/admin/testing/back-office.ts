import { randomUUID } from 'node:crypto';
import { type ScenarioOptions, orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { type RecordedOrderEvent } from '@coseso/domain/orders/order-state';
import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { toNewEvent } from '@coseso/projections/testing/order-fixtures';
import { type TestApp } from '../../testing/test-app.js';
import { AdminAccounts } from '../../auth/admin-accounts.js';
import { BACKGROUND_WAIT_MS } from '../../testing/waits.js';
import { settledApp } from '../../testing/settled.js';

export const ADMIN_ENV = { ADMIN_EMAIL: 'admin@coseso.test', ADMIN_PASSWORD: 'un-secret-de-test' };

/** Signs the first admin in; the bearer header and the admin's id (the actor of their commands). */
export async function signInAdmin(t: TestApp): Promise<{ auth: { authorization: string }; adminId: string }> {
  const { body } = await t.http
    .post('/api/admin/login')
    .send({ email: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD })
    .expect(200);
  return { auth: { authorization: `Bearer ${body.token}` }, adminId: body.user.id };
}

/** Creates a read-only auditor account and signs it in: its bearer header. */
export async function signInAuditor(t: TestApp): Promise<{ authorization: string }> {
  await t.app.get(AdminAccounts).create('audit@coseso.test', 'un-secret-d-audit', 'auditor');
  const { body } = await t.http
    .post('/api/admin/login')
    .send({ email: 'audit@coseso.test', password: 'un-secret-d-audit' })
    .expect(200);
  return { authorization: `Bearer ${body.token}` };
}

let orderNumbers = 50_000;

/**
 * An order in `status`, its history made by the real decider (the domain's test kit) and appended
 * to the log as the write side would; `drop` leaves its last events out (e.g. paid but not signed).
 */
export async function seedOrder(
  t: TestApp,
  status: OrderStatus,
  options: Omit<ScenarioOptions, 'orderId' | 'orderNumber'> & { drop?: number } = {},
): Promise<{ orderId: string; orderNumber: number; history: RecordedOrderEvent[] }> {
  const orderId = randomUUID();
  const orderNumber = orderNumbers++;
  const billing = options.billing ?? (status === 'awaiting_first_monthly_payment' ? 'monthly' : 'yearly');
  const full = orderIn(status, { ...options, billing, orderId, orderNumber }).history;
  const history = full.slice(0, full.length - (options.drop ?? 0));
  await t.store.appendToStream(
    `order-${orderId}`,
    history
      .map((event, i) => toNewEvent(event, i))
      .map((e) => ({
        ...e,
        // Command ids are unique per stream in the fixtures; made unique per order here too.
        metadata: { ...e.metadata, commandId: `${orderId}-${e.metadata.commandId}` },
      })),
    { expectedRevision: 'no_stream' },
  );
  return { orderId, orderNumber, history };
}

/** Waits until the order-views read model has applied every event of the log. */
export async function projected(t: TestApp): Promise<void> {
  if (!(await t.app.get(ProjectionWaiter).waitForCatchUp('order-views', BACKGROUND_WAIT_MS)))
    throw new Error('order-views did not catch up');
}

/** Waits until the workflow has nothing left to do (`settledApp`). */
export function settled(t: TestApp, timeoutMs = BACKGROUND_WAIT_MS): Promise<void> {
  return settledApp(t, timeoutMs);
}
