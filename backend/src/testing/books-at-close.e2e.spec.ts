import { PG_POOL } from '../infra/tokens.js';
import { OrderInvoicing } from '../invoices/issuing/order-invoicing.js';
import type pg from 'pg';
import { booksAtClose } from './books-at-close.js';
import { paidOrderWithSignedInClient } from './client-order.js';
import { eventually } from './order-journey.js';
import { type TestApp, startTestApp } from './test-app.js';
import { systemClock } from '@coseso/domain/shared/clock';

// Every e2e test file's app checks its books when it closes (test-app.ts): the check itself, shown
// failing on a log whose invoice was taken away, and passing on the same payment invoiced.

let t: TestApp;
beforeAll(async () => {
  // This file breaks its own books on purpose: its app does not check them when it closes.
  t = await startTestApp({}, { books: false });
});
afterAll(() => t.close());

it('a paid order invoiced passes; the same order whose invoice is gone from the log is named, with why', async () => {
  const { orderId } = await paidOrderWithSignedInClient(t, 'livres@boulangerie-martin.fr');
  await eventually(async () =>
    (await t.app.get(OrderInvoicing).invoicesOf(orderId)).length > 0 ? true : null,
  );
  expect(await booksAtClose(t, systemClock)).toBeNull();

  await t.app
    .get<pg.Pool>(PG_POOL)
    .query(`delete from "${t.config.DATABASE_SCHEMA}".events where stream_id like 'invoice-%'`);
  const why = await booksAtClose(t, systemClock);
  expect(why).toMatch(/^The books of this test file's log do not balance/);
  expect(why).toContain(`(${orderId}) [payment_not_invoiced]`);
});
