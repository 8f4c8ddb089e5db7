import { orderStreamId } from '@coseso/domain/events/event-reader';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { allMigrations } from '@coseso/backend/infra/database/all-migrations';
import { orderHistory, toNewEvent } from '@coseso/projections/testing/order-fixtures';
import {
  PersonalDataEventStore,
  orderSubject,
} from '@coseso/backend/infra/personal-data/personal-data-event-store';
import { PostgresSubjectKeys, masterKeyOf } from '@coseso/backend/infra/personal-data/subject-keys';
import { runCliProcess } from './testing/cli-process.js';

const CLI_TIMEOUT = 60_000;

let db: TestSchema;
const orderIds = [crypto.randomUUID(), crypto.randomUUID()];
const verifyLog = (args: string[] = []) => runCliProcess('verify-log', args, db);

beforeAll(async () => {
  db = await createTestSchema('verify_cli', 4, { migrations: allMigrations });
  const store = await PostgresEventStore.open({ pool: db.pool, schema: db.schema, connectionString: db.url });
  try {
    for (const orderId of orderIds)
      for (const [i, event] of orderHistory(6, orderId).entries())
        await store.appendToStream(orderStreamId(orderId), [toNewEvent(event, i)], {
          expectedRevision: 'any',
        });
  } finally {
    await store.close();
  }
});
afterAll(() => db.drop());

it(
  'says how to use it',
  async () => {
    const run = await verifyLog(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: verify-log');
    expect(run.stdout).toContain('Exit code');
  },
  CLI_TIMEOUT,
);

it(
  'finds an intact log intact, then names the first broken link once an event is altered in the database',
  async () => {
    const intact = await verifyLog();
    expect(intact.stdout).toMatch(/^OK: \d+ events in 2 streams/);
    expect(intact.code).toBe(0);

    const stream = orderStreamId(orderIds[1]!);
    const {
      rows: [row],
    } = await db.pool.query<{ hash: string }>(
      `update "${db.schema}".events set metadata = jsonb_set(metadata, '{actor,id}', '"quelqu-un-d-autre"')
       where stream_id = $1 and stream_revision = 2 returning hash`,
      [stream],
    );
    const broken = await verifyLog();
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`stream ${stream}, revision 2 (altered): expected `);
    expect(broken.stdout).toContain(`found ${row!.hash}`);

    const json = JSON.parse((await verifyLog(['--json'])).stdout);
    expect(json).toMatchObject({ ok: false, broken: [{ streamId: stream, revision: 2, kind: 'altered' }] });
  },
  CLI_TIMEOUT * 3,
);

it(
  'finds the log intact after a client’s personal data is erased: the chain covers the ciphertext',
  async () => {
    const shredded = await createTestSchema('verify_shred', 4, { migrations: allMigrations });
    try {
      const inner = await PostgresEventStore.open({
        pool: shredded.pool,
        schema: shredded.schema,
        connectionString: shredded.url,
      });
      const keys = new PostgresSubjectKeys(shredded.pool, shredded.schema, masterKeyOf('x'.repeat(40)));
      const store = new PersonalDataEventStore(inner, keys);
      const orderId = crypto.randomUUID();
      for (const [i, event] of orderHistory(9, orderId).entries())
        await store.appendToStream(orderStreamId(orderId), [toNewEvent(event, i)], {
          expectedRevision: 'any',
        });
      expect(JSON.stringify((await store.readStream(orderStreamId(orderId)))[1]!.data)).toContain('Claire');
      await keys.erase([orderSubject(orderId)]);
      expect(
        JSON.stringify((await store.readStream(orderStreamId(orderId))).map((e) => e.data)),
      ).not.toContain('Claire');
      await store.close();

      const run = await runCliProcess('verify-log', [], shredded);
      expect(run.stdout).toMatch(/^OK: \d+ events in 1 streams, every hash chain holds/);
      expect(run.code).toBe(0);
    } finally {
      await shredded.drop();
    }
  },
  CLI_TIMEOUT,
);
