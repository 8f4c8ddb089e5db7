import { TEAM_STREAM, orderStreamId } from '@coseso/domain/events/event-reader';
import { eventTypeLabel } from '@coseso/domain/events/event-type-labels';
import { AdminAccounts } from '@coseso/backend/auth/admin-accounts';
import { loadConfig } from '@coseso/backend/config/app-config';
import { type RecordedOrderEvent, initialOrderState } from '@coseso/domain/orders/order-state';
import { evolve } from '@coseso/domain/orders/order-evolve';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { allMigrations } from '@coseso/backend/infra/database/all-migrations';
import { orderHistory, toNewEvent } from '@coseso/projections/testing/order-fixtures';
import { type CliRun, runCliProcess } from './testing/cli-process.js';

// The CLIs run as operators run them: a process of their own, configured by the environment, with
// their exit code and output. From the TypeScript sources, so that no build is needed.

const CLI_TIMEOUT = 60_000; // each CLI is a Node process compiling its sources: about 3 s

let db: TestSchema;
let store: PostgresEventStore;
const histories = new Map<string, RecordedOrderEvent[]>();

beforeAll(async () => {
  db = await createTestSchema('cli', 4, { migrations: allMigrations });
  store = await PostgresEventStore.open({ pool: db.pool, schema: db.schema, connectionString: db.url });
  for (const n of [0, 5, 9]) {
    const orderId = crypto.randomUUID();
    const history = orderHistory(n, orderId);
    histories.set(orderId, history);
    for (const [i, event] of history.entries())
      await store.appendToStream(orderStreamId(orderId), [toNewEvent(event, i)], { expectedRevision: 'any' });
  }
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

type Run = CliRun;
const cli = (name: string, args: string[] = [], input?: string): Promise<Run> =>
  runCliProcess(name, args, db, input);

/** Refused as a CLI refuses: a non-zero exit code and one line on stderr saying why. */
function expectRefused(run: Run, reason: string) {
  expect(run.code).not.toBe(0);
  expect(run.stderr).toContain(reason);
}

const eventCount = () => [...histories.values()].reduce((sum, h) => sum + h.length, 0);
const firstOrder = () => [...histories.entries()][0]!;

describe('the operator and auditor CLIs', () => {
  it(
    'each explains itself with --help',
    async () => {
      const names = [
        'rebuild-projections',
        'projections-status',
        'replay-order',
        'export-events',
        'create-admin',
      ];
      const runs = await Promise.all(names.map((name) => cli(name, ['--help'])));
      runs.forEach((run, i) => {
        expect(run.code).toBe(0);
        expect(run.stdout).toContain(`Usage: ${names[i]}`);
      });
    },
    CLI_TIMEOUT,
  );

  it(
    "replay-order prints each event of an order, who did it, and the order's status after it",
    async () => {
      const [orderId, history] = firstOrder();
      const [run, json] = await Promise.all([
        cli('replay-order', [orderId]),
        cli('replay-order', [orderId, '--json']),
      ]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const types = [...run.stdout.matchAll(/^#\s*\d+\s+\S+\s+\S+\s+(\w+)$/gm)].map((m) => m[1]);
      expect(types).toEqual(history.map((e) => e.type));

      const steps = json.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      const folded = history.reduce(evolve, initialOrderState());
      expect(steps).toHaveLength(history.length);
      expect(steps.at(-1).state.status).toBe(folded.status);
      expect(run.stdout).toContain(`(${folded.status})`);
    },
    CLI_TIMEOUT,
  );

  it(
    'replay-order says so, with exit code 1, for an order that is not in the log',
    async () => {
      const run = await cli('replay-order', [crypto.randomUUID()]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^no order .* in the event log$/m);
    },
    CLI_TIMEOUT,
  );

  it(
    'export-events writes the log as NDJSON, filtered by stream, type and date',
    async () => {
      const [orderId, history] = firstOrder();
      const [all, stream, order, created, future, bad] = await Promise.all([
        cli('export-events'),
        cli('export-events', ['--stream', orderStreamId(orderId)]),
        cli('export-events', ['--order', orderId]),
        cli('export-events', ['--type', 'OrderDraftCreated']),
        cli('export-events', ['--since', '2999-01-01']),
        cli('export-events', ['--since', 'hier']),
      ]);
      expect(all.code).toBe(0);
      const lines = all.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines).toHaveLength(eventCount());
      expect(lines.map((l) => l.position)).toEqual([...lines.map((l) => l.position)].sort((a, b) => a - b));
      expect(all.stderr).toContain(`${eventCount()} event(s) exported`);

      expect(
        stream.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).type),
      ).toEqual(history.map((e) => e.type));
      expect(order.stdout).toBe(stream.stdout);

      const drafts = created.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(drafts.map((d) => d.streamId).sort()).toEqual([...histories.keys()].map(orderStreamId).sort());

      expect(future.stdout).toBe('');
      expect(future.stderr).toContain('0 event(s) exported');

      expectRefused(bad, 'expected a date');
    },
    CLI_TIMEOUT,
  );

  it(
    'rebuild-projections rebuilds a read model, and projections-status shows where each projector stands',
    async () => {
      const before = JSON.parse((await cli('projections-status', ['--json'])).stdout);
      expect(before.find((s: { name: string }) => s.name === 'order-views')).toMatchObject({
        state: 'never-run',
        lagEvents: eventCount(),
      });

      const rebuilt = await cli('rebuild-projections', ['order-views']);
      expect(rebuilt.code).toBe(0);
      expect(rebuilt.stdout).toMatch(
        new RegExp(`order-views: ${eventCount()} events in [\\d.]+ s \\(\\d+ events/s\\)`),
      );
      const { rows } = await db.pool.query<{ order_id: string }>(
        `select order_id from "${db.schema}".order_summary`,
      );
      expect(rows.map((r) => r.order_id).sort()).toEqual([...histories.keys()].sort());

      const after = await cli('projections-status', ['--json']);
      expect(after.code).toBe(0);
      expect(JSON.parse(after.stdout).find((s: { name: string }) => s.name === 'order-views')).toMatchObject({
        state: 'running',
        processed: eventCount(),
        lagEvents: 0,
      });

      // All of them: the log is read once for the three read models.
      const all = await cli('rebuild-projections', []);
      expect(all.code).toBe(0);
      expect(all.stdout).toMatch(
        new RegExp(
          `order-views, order-timeline, client-accounts, invoices, conversation, catalogue: ${eventCount()} events in [\\d.]+ s \\(\\d+ events/s\\)`,
        ),
      );
      const timeline = await db.pool.query<{ lines: number }>(
        `select count(*)::int as lines from "${db.schema}".order_timeline`,
      );
      expect(timeline.rows[0]!.lines).toBe(eventCount());

      const [unknown, badBatch] = await Promise.all([
        cli('rebuild-projections', ['orders']),
        cli('rebuild-projections', ['--batch-size', '0']),
      ]);
      expectRefused(unknown, 'unknown projector "orders"');
      expectRefused(badBatch, 'expected a whole number above 0');
    },
    CLI_TIMEOUT,
  );

  it(
    'create-admin creates a back-office account from a piped password, refuses duplicates and short passwords, and resets',
    async () => {
      const accounts = new AdminAccounts(
        db.pool,
        loadConfig({ DATABASE_URL: db.url, DATABASE_SCHEMA: db.schema }),
      );
      const email = `auditrice-${crypto.randomUUID().slice(0, 8)}@agence.fr`;

      const created = await cli('create-admin', [email, '--role', 'auditor'], 'un-mot-de-passe-long\n');
      expect(created.stderr).toBe('');
      expect(created.stdout).toContain(`Auditor account created for ${email}`);
      const signedIn = await accounts.login(email, 'un-mot-de-passe-long');
      expect(signedIn).toMatchObject({ user: { email, role: 'auditor', name: 'Auditeur' } });
      // The same fact as the back-office's invitation, in the team's stream, by the command line:
      // the event-log explorer lists it under its French label.
      const added = (await store.readStream(TEAM_STREAM)).filter((e) => e.type === 'TeamMemberAdded');
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({
        data: {
          memberId: signedIn!.user.id,
          role: 'auditor',
          reason: expect.stringContaining('create-admin'),
        },
        metadata: { actor: { kind: 'system', id: 'create-admin' } },
      });
      expect(eventTypeLabel(added[0]!.type)).toBe("Membre ajouté à l'équipe");

      const [again, short, badEmail] = await Promise.all([
        cli('create-admin', [email], 'un-autre-mot-de-passe'),
        cli('create-admin', [`x-${email}`], 'court'),
        cli('create-admin', ['pas-un-email'], 'un-mot-de-passe-long'),
      ]);
      expectRefused(again, 'already has an account');
      expect((await store.readStream(TEAM_STREAM)).filter((e) => e.type === 'TeamMemberAdded')).toHaveLength(
        1,
      );

      expectRefused(short, 'at least 10 characters');

      expectRefused(badEmail, 'expected an email address');

      const session = await accounts.login(email, 'un-mot-de-passe-long');
      const reset = await cli('create-admin', [email, '--reset-password'], 'nouveau-mot-de-passe');
      expect(reset.code).toBe(0);
      expect(await accounts.login(email, 'un-mot-de-passe-long')).toBeNull();
      expect(await accounts.login(email, 'nouveau-mot-de-passe')).not.toBeNull();
      expect(await accounts.userOfToken(session!.token)).toBeNull(); // its sessions ended
    },
    CLI_TIMEOUT,
  );
});
