import { allMigrations } from '@coseso/backend/infra/database/all-migrations';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { type BooksCommand, BooksModel } from '@coseso/domain/books/testing/books-commands';
import { BooksWorld } from '@coseso/domain/books/testing/books-world';
import { invoiceCreditsStreamId, invoiceStreamId, orderStreamId } from '@coseso/domain/events/event-reader';
import { currentDefinition } from '@coseso/event-schemas/catalog';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { runCliProcess } from './testing/cli-process.js';

// verify-books as operators run it: a process of its own, over a log the order decider and the
// invoices' decisions wrote (BooksWorld), then over the same log with a payment left uninvoiced.

const CLI_TIMEOUT = 60_000;
const BALANCED = '0b5f8a52-6c1e-4c36-9a5e-0000000000a1';
const UNINVOICED = '0b5f8a52-6c1e-4c36-9a5e-0000000000b2';

let db: TestSchema;
let store: PostgresEventStore;
const verifyBooks = (args: string[] = []) => runCliProcess('verify-books', args, db);

const monthlyRefunded: BooksCommand[] = [
  { kind: 'payFirst', outcome: 'paid' },
  { kind: 'deliver', pick: 0, replay: false },
  { kind: 'days', days: 20 },
  { kind: 'refund', payment: 0, part: 'half' },
  { kind: 'deliver', pick: 0, replay: false },
];

/** Appends what a world recorded: each order's stream, then the invoice streams' events in their order. */
async function append(
  world: BooksWorld,
  orderIds: readonly string[],
  skip: (type: string) => boolean = () => false,
) {
  const asNew = (
    eventId: string | undefined,
    event: { type: string; data: unknown; metadata: Readonly<Record<string, unknown>> },
  ) => ({
    ...(eventId ? { eventId } : {}),
    type: event.type,
    schemaVersion: currentDefinition(event.type).schemaVersion,
    data: event.data,
    metadata: event.metadata,
  });
  for (const orderId of orderIds)
    await store.appendToStream(
      orderStreamId(orderId),
      world.stream(orderId).map(({ eventId, event }) => asNew(eventId, event)),
      { expectedRevision: 'any' },
    );
  for (const event of world.invoiceEvents()) {
    if (skip(event.type)) continue;
    const streamId =
      event.type === 'InvoiceCreditReserved'
        ? invoiceCreditsStreamId(event.data.invoiceNumber)
        : invoiceStreamId(
            event.type === 'InvoiceIssued' ? 'F' : 'A',
            Number(event.data.document.number.slice(2, 6)),
          );
    await store.appendToStream(streamId, [asNew(undefined, event)], { expectedRevision: 'any' });
  }
}

beforeAll(async () => {
  db = await createTestSchema('verify_books_cli', 4, { migrations: allMigrations });
  store = await PostgresEventStore.open({ pool: db.pool, schema: db.schema, connectionString: db.url });
  const world = new BooksWorld('2026-12-01T09:00:00.000Z');
  const model = new BooksModel(world, BALANCED);
  model.apply({ kind: 'order', billing: 'monthly' });
  for (const command of monthlyRefunded) model.apply(command);
  await append(world, [BALANCED]);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

describe('verify-books', () => {
  it(
    'says how to use it',
    async () => {
      const run = await verifyBooks(['--help']);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Usage: verify-books');
      expect(run.stdout).toContain('Exit code');
    },
    CLI_TIMEOUT,
  );

  it(
    'given a log whose books balance, says so with exit code 0; given an order whose payment was never invoiced, names it and why, with exit code 1',
    async () => {
      const ok = await verifyBooks();
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/^OK: the books balance \(\d+ events, 1 orders, 2 documents\)\.$/m);

      // A second order whose deposit was paid, and whose invoice never came.
      const world = new BooksWorld('2026-12-02T09:00:00.000Z');
      const model = new BooksModel(world, UNINVOICED);
      model.apply({ kind: 'order', billing: 'yearly' });
      for (const command of monthlyRefunded.slice(0, 2)) model.apply(command);
      await append(world, [UNINVOICED], (type) => type === 'InvoiceIssued');

      const [broken, json] = await Promise.all([verifyBooks(), verifyBooks(['--json'])]);
      expect(broken.code).toBe(1);
      const lines = broken.stdout.replaceAll('\u00a0', ' ').split('\n');
      expect(lines[0]).toMatch(/^BROKEN: 1 order\(s\) break the books/);
      expect(lines).toContain(`Commande n° 1042 (${UNINVOICED})`);
      expect(lines).toContain(
        "  [payment_not_invoiced] Le paiement pay_1 de 358,20 € TTC reçu le 2026-12-02 n'est pas facturé.",
      );
      expect(broken.stdout).not.toContain(BALANCED);

      expect(json.code).toBe(1);
      const report = JSON.parse(json.stdout);
      expect(report).toMatchObject({ ok: false, orders: 2, documents: 2, numbering: [] });
      expect(report.breaks.map((b: { orderId: string; rule: string }) => [b.orderId, b.rule])).toEqual([
        [UNINVOICED, 'payment_not_invoiced'],
        [UNINVOICED, 'balance'],
      ]);
    },
    CLI_TIMEOUT,
  );
});
