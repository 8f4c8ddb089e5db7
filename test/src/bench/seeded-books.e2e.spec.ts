import { orderStatuses } from '@coseso/domain/orders/order-status';
import { allMigrations } from '@coseso/backend/infra/database/all-migrations';
import { verifyBooks } from '@coseso/backend/invoices/books/verify-books';
import { type TestApp, startTestApp } from '@coseso/backend/testing/test-app';
import { settledApp } from '@coseso/backend/testing/settled';
import { BACKGROUND_WAIT_MS } from '@coseso/backend/testing/waits';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { orderHistory } from '@coseso/projections/testing/order-fixtures';
import { BENCH_PERSONAL_DATA_KEY, seedLog } from './seed-log.js';

// The rebuild benchmark's log is one the app could have written (seed-log.int.spec.ts): its order
// histories, once the app's invoicing has read them as it reads any log, keep the books balanced.
// One order per status (the bench's histories are one per status, repeated) covers every kind of
// history the bench writes.

let db: TestSchema;
let t: TestApp;
beforeAll(async () => {
  db = await createTestSchema('bench_books', 2, { migrations: allMigrations });
});
afterAll(async () => {
  // The app drops the schema it ran over; its books are checked once more as it closes.
  await t?.close();
  await db.drop();
});

it(
  "`verify-books` over the bench's seeded log, invoiced by the app: every order balances, 0 breaks",
  async () => {
    const perHistory = orderStatuses.length;
    // seedLog writes whole histories, the bench's templates in turn, until it holds the events asked.
    const events = Array.from({ length: perHistory }, (_, n) => orderHistory(n).length).reduce(
      (a, b) => a + b,
    );
    const seeded = await seedLog(db.pool, db.schema, events, { interleave: 20 });
    expect(seeded.orders).toBe(perHistory);
    t = await startTestApp({ DATABASE_SCHEMA: db.schema, PERSONAL_DATA_KEY: BENCH_PERSONAL_DATA_KEY });
    // Every history's follow-ups at once (accounts, contracts, emails, invoices): longer than one test's.
    await settledApp(t, 5 * BACKGROUND_WAIT_MS);
    const report = await verifyBooks(t.store);
    expect(report.breaks).toEqual([]);
    expect(report).toMatchObject({ ok: true, numbering: [] });
    expect(report.orders).toBeGreaterThanOrEqual(perHistory);
    // Paid histories among them, whose payments the app invoiced.
    expect(report.documents).toBeGreaterThan(0);
  },
  6 * BACKGROUND_WAIT_MS,
);
