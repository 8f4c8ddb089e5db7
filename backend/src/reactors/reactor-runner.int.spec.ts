import { randomUUID } from 'node:crypto';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { allMigrations } from '../infra/database/all-migrations.js';
import { Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { type AppConfig, loadConfig } from '../config/app-config.js';
import { JobQueue } from '../infra/jobs/job-queue.js';
import { type JobRequest } from '../infra/jobs/job-payloads.js';
import { deleteRedisKeys } from '../testing/redis-keys.js';
import { type Reactor } from './reactor.js';
import { ReactorRunner } from './reactor-runner.js';
import { redisKeyPrefix } from '../infra/redis-key-prefix.js';
import { until } from '../testing/waits.js';

// Restarts wait on timers: room for a slow, shared machine.
const TIMEOUT_MS = 20_000;

// What the runner logs at error level, kept to be checked rather than printed.
const errors: Record<string, unknown>[] = [];
Logger.overrideLogger({
  log() {},
  warn() {},
  debug() {},
  verbose() {},
  error: (message: unknown) => void errors.push(message as Record<string, unknown>),
});

/** A job of this test only, outside the app's jobs (a job the test makes fail to enqueue, too). */
const note = (data: object, jobId: string) => ({ name: 'note', data, jobId }) as unknown as JobRequest;

const noted: Reactor = {
  name: 'noted',
  react: (event) => (event.type === 'Noted' ? [note({ id: event.eventId }, `note:${event.eventId}`)] : []),
};

let db: TestSchema;
let config: AppConfig;
let store: PostgresEventStore;
let jobs: JobQueue;
let redis: Redis;
let inspect: Queue;
const runners: ReactorRunner[] = [];

beforeEach(async () => {
  errors.length = 0;
  db = await createTestSchema('reactors', 8, { migrations: allMigrations });
  config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    DATABASE_SCHEMA: db.schema,
    PROCESS_ROLES: 'worker',
  });
  store = await PostgresEventStore.open({ pool: db.pool, schema: db.schema, connectionString: db.url });
  jobs = new JobQueue(config); // no worker: the enqueued jobs stay waiting, to be looked at
  redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  inspect = new Queue('jobs', { connection: redis, prefix: redisKeyPrefix(config) });
});

afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.onApplicationShutdown();
  await inspect.close();
  redis.disconnect();
  await jobs.onApplicationShutdown();
  await store.close();
  await db.drop();
  await deleteRedisKeys(`coseso:${db.schema}:*`);
});

async function startRunner(reactors: Reactor[], delays?: ReactorRunner['retryDelays']) {
  const runner = new ReactorRunner(config, db.pool, store, reactors, jobs);
  if (delays) runner.retryDelays = delays;
  runners.push(runner);
  await runner.onApplicationBootstrap();
  return runner;
}

async function append(): Promise<string> {
  const eventId = randomUUID();
  await store.appendToStream(
    `note-${eventId}`,
    [{ eventId, type: 'Noted', schemaVersion: 1, data: {}, metadata: {} }],
    { expectedRevision: 'no_stream' },
  );
  return eventId;
}

const jobEnqueued = async (eventId: string) => (await inspect.getJob(`note_${eventId}`)) !== undefined;

/** The backend holding the runner's advisory lock, if any. */
async function lockHolder(): Promise<number | null> {
  const { rows } = await db.pool.query<{ pid: number }>(
    `select pid from pg_locks where locktype = 'advisory' and granted and objsubid = 1
       and ((classid::bigint << 32) | objid::bigint) = hashtext($1)::bigint`,
    [`reactors:${db.schema}`],
  );
  return rows[0]?.pid ?? null;
}

async function terminate(pid: number) {
  await db.pool.query('select pg_terminate_backend($1)', [pid]);
}

async function savedPosition(): Promise<bigint | null> {
  const { rows } = await db.pool.query<{ position: string }>(
    `select position from "${db.schema}".reactor_checkpoints where name = 'all'`,
  );
  return rows[0] ? BigInt(rows[0].position) : null;
}

async function appendIgnored(): Promise<bigint> {
  const eventId = randomUUID();
  const { position } = await store.appendToStream(
    `draft-${eventId}`,
    [{ eventId, type: 'Drafted', schemaVersion: 1, data: {}, metadata: {} }],
    { expectedRevision: 'no_stream' },
  );
  return position;
}

describe('the reactor runner', () => {
  it(
    'saves the checkpoint of events that ask for no job once the log is quiet, and with every job',
    async () => {
      await startRunner([noted]);
      let last = 0n;
      for (let i = 0; i < 5; i++) last = await appendIgnored();
      await until(async () => (await savedPosition()) === last);
      const eventId = await append();
      await until(() => jobEnqueued(eventId));
      await until(async () => (await savedPosition())! > last);
    },
    TIMEOUT_MS,
  );

  it(
    'survives the server ending its lock session, and takes the lock again',
    async () => {
      await startRunner([noted]);
      const before = await append();
      await until(() => jobEnqueued(before));
      const first = (await lockHolder())!;
      expect(first).not.toBeNull();

      await terminate(first);
      await until(async () => ![null, first].includes(await lockHolder()));

      const after = await append();
      await until(() => jobEnqueued(after));
      expect(errors.some((e) => e['msg'] === 'reactors stopped; restarting')).toBe(true);
      // The new lock session, and no leftover: a read of the log may hold a second connection for a moment.
      await until(async () => db.pool.totalCount - db.pool.idleCount === 1);
    },
    TIMEOUT_MS,
  );

  it(
    'hands over to a standby process when it shuts down',
    async () => {
      const delays = { firstMs: 50, maxMs: 200, standbyMs: 50 };
      const active = await startRunner([noted], delays);
      await startRunner([noted], delays);
      const held = (await lockHolder())!;
      await active.onApplicationShutdown();
      await until(async () => ![null, held].includes(await lockHolder()));
      const after = await append();
      await until(() => jobEnqueued(after));
      expect(errors).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'gives the lock back when a start fails, and keeps trying until one succeeds',
    async () => {
      await startRunner([noted], { firstMs: 50, maxMs: 200, standbyMs: 50 });
      const held = (await lockHolder())!;
      const away = `"${db.schema}".reactor_checkpoints_away`;
      // Without its checkpoint table, every start fails after the lock is taken.
      await db.pool.query(
        `alter table "${db.schema}".reactor_checkpoints rename to reactor_checkpoints_away`,
      );
      await terminate(held);

      await until(() => errors.filter((e) => String(e['err']).includes('does not exist')).length >= 4);
      const waits = errors.map((e) => e['retryInMs']);
      expect(waits).toEqual(expect.arrayContaining([100, 200]));
      expect(Math.max(...waits.map(Number))).toBe(200);
      // Each failed start closed its connection, and the lock with it.
      expect(db.pool.totalCount - db.pool.idleCount).toBeLessThanOrEqual(1);

      await db.pool.query(`alter table ${away} rename to reactor_checkpoints`);
      await until(async () => ![null, held].includes(await lockHolder()));
      const after = await append();
      await until(() => jobEnqueued(after));
    },
    TIMEOUT_MS,
  );

  it(
    'retries an event whose job cannot be enqueued, backing off, without skipping it',
    async () => {
      let poison = '';
      const attempts: number[] = [];
      const flaky: Reactor = {
        name: 'flaky',
        react: (event: StoredEvent) => {
          if (event.eventId !== poison) return noted.react(event);
          attempts.push(Date.now());
          // BullMQ cannot serialise a bigint: the enqueue itself fails, the first four times.
          const data = attempts.length <= 4 ? { id: event.eventId, n: 1n } : { id: event.eventId };
          return [note(data, `note:${event.eventId}`)];
        },
      };
      await startRunner([flaky], { firstMs: 100, maxMs: 400, standbyMs: 100 });
      poison = randomUUID();
      const stored = await store.appendToStream(
        `note-${poison}`,
        [{ eventId: poison, type: 'Noted', schemaVersion: 1, data: {}, metadata: {} }],
        { expectedRevision: 'no_stream' },
      );
      const next = await append();

      await until(() => jobEnqueued(next));
      expect(await jobEnqueued(poison)).toBe(true);
      expect(await jobEnqueued(next)).toBe(true);
      expect(attempts).toHaveLength(5);
      const gaps = attempts.slice(1).map((at, i) => at - attempts[i]!);
      [100, 200, 400, 400].forEach((wait, i) => {
        expect(gaps[i]).toBeGreaterThanOrEqual(wait - 5);
        expect(gaps[i]).toBeLessThan(wait + 300);
      });
      const logged = errors.filter((e) => e['eventId'] === poison);
      expect(logged.map((e) => e['failuresInARow'])).toEqual([1, 2, 3, 4]);
      expect(logged[0]).toMatchObject({
        position: stored.position.toString(),
        reactor: 'flaky',
        type: 'Noted',
        retryInMs: 100,
      });
    },
    TIMEOUT_MS,
  );
});
