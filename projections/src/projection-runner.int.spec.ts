import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateDatabase } from '@coseso/database/migration-runner';
import { type OrderState, type RecordedOrderEvent } from '@coseso/domain/orders/order-state';
import { foldOrder } from '@coseso/domain/orders/order-evolve';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { until } from '@coseso/event-store/testing/until';
import pg from 'pg';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { allProjectors } from './all-projectors.js';
import { CheckpointBehindBatchError, ProjectionRunner } from './projection-runner.js';
import { projectionStatus } from './projection-status.js';
import { Checkpoints } from './checkpoints.js';
import { readModelMigrations } from './migrations/read-model-migrations.js';
import { type Projector, ProjectorMemory } from './projector.js';
import { rebuildProjection, rebuildProjections } from './rebuild-projection.js';
import { OrderDetailRow } from './read-models/order-views/order-detail.entity.js';
import { orderViewsProjector } from './read-models/order-views/order-views.projection.js';
import { OrderSummaryRow } from './read-models/order-views/order-summary.entity.js';
import { OrderTimelineRow } from './read-models/order-timeline/order-timeline.entity.js';
import { appendOrders, orderHistory, toNewEvent } from './testing/order-fixtures.js';
import { SeenEvents9999999999999 } from './testing/seen-events.migration.js';
import {
  type ProjectionTestContext,
  openProjectionTestContext,
  snapshotReadModels,
  waitUntilCaughtUp,
} from './testing/projection-test-kit.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('projecting orders', () => {
  let ctx: ProjectionTestContext;
  let runner: ProjectionRunner;
  beforeAll(async () => {
    ctx = await openProjectionTestContext();
    runner = new ProjectionRunner({
      ...ctx.projectionOptions,
      projectors: allProjectors,
      batchSize: 50,
    });
    await runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await ctx.close();
  });

  it('builds the detail, summary and timeline of every order, folded by the domain', async () => {
    const histories = Array.from({ length: 13 }, (_, n) => ({ id: randomUUID(), n }));
    for (const { id, n } of histories) {
      const history = orderHistory(n, id);
      for (const [i, event] of history.entries()) {
        await ctx.store.appendToStream(`order-${id}`, [toNewEvent(event, i)], {
          expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1),
        });
      }
    }
    await waitUntilCaughtUp(ctx.store, ctx.dataSource, ctx.db.schema);

    for (const { id, n } of histories) {
      const expected: OrderState = foldOrder(orderHistory(n, id));
      const detail = await ctx.dataSource.getRepository(OrderDetailRow).findOneByOrFail({ orderId: id });
      expect(detail.state).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(detail.revision).toBe(orderHistory(n, id).length - 1);
      const summary = await ctx.dataSource.getRepository(OrderSummaryRow).findOneByOrFail({ orderId: id });
      expect(summary).toMatchObject({
        orderNumber: 1000 + n,
        status: expected.status,
        companyName: expected.form.companyName ?? '',
        contactEmail: expected.form.contactEmail ?? '',
        depositPaid: expected.depositPaid,
        currentStep: expected.currentStep,
      });
      const timeline = await ctx.dataSource
        .getRepository(OrderTimelineRow)
        .find({ where: { orderId: id }, order: { revision: 'ASC' } });
      expect(timeline.map((t) => t.type)).toEqual(orderHistory(n, id).map((e) => e.type));
      expect(timeline[0]!.description).toBe(`Commande #${1000 + n} créée`);
    }
  });

  it('changes nothing when a batch is delivered again', async () => {
    await appendOrders(ctx.store, 5, 100);
    await waitUntilCaughtUp(ctx.store, ctx.dataSource, ctx.db.schema);
    const before = await snapshotReadModels(ctx.dataSource, ctx.db.schema);
    const { events } = await ctx.store.readAll({ after: null, limit: 10_000 });
    for (const projector of allProjectors) {
      await runner.applyBatch(projector, events); // the checkpoint filters them out
      // and rows keep their revision, whether the projector remembers them or reads them back
      await ctx.dataSource.transaction((em) => projector.project(events, em, new ProjectorMemory()));
    }
    expect(await snapshotReadModels(ctx.dataSource, ctx.db.schema)).toEqual(before);
  });

  it('rebuilds every read model into exactly the rows the live projection has', async () => {
    await waitUntilCaughtUp(ctx.store, ctx.dataSource, ctx.db.schema);
    const live = await snapshotReadModels(ctx.dataSource, ctx.db.schema);
    for (const projector of allProjectors) {
      const result = await rebuildProjection({
        ...ctx.projectionOptions,
        projector,
        batchSize: 37,
      });
      expect(result.events).toBeGreaterThan(100);
    }
    expect(await snapshotReadModels(ctx.dataSource, ctx.db.schema)).toEqual(live);
  });

  it('rebuilds them all in one pass over the log, into the same rows, with every index back', async () => {
    await waitUntilCaughtUp(ctx.store, ctx.dataSource, ctx.db.schema);
    const live = await snapshotReadModels(ctx.dataSource, ctx.db.schema);
    // The rebuild builds the secondary indexes after the replay, not row by row: they must all come back.
    const indexes = () =>
      ctx.dataSource.query(
        `select tablename, indexname, indexdef from pg_indexes where schemaname = $1 order by 1, 2`,
        [ctx.db.schema],
      ) as Promise<unknown[]>;
    const indexesBefore = await indexes();
    const result = await rebuildProjections({
      ...ctx.projectionOptions,
      projectors: allProjectors,
      batchSize: 37,
    });
    expect(result.events).toBeGreaterThan(100);
    expect(await snapshotReadModels(ctx.dataSource, ctx.db.schema)).toEqual(live);
    expect(await indexes()).toEqual(indexesBefore);
    expect(indexesBefore).toContainEqual(expect.objectContaining({ indexname: 'order_summary_search_trgm' }));
  });

  it('rebuilds while orders keep coming in and the live projector keeps running, losing and doubling nothing', async () => {
    const writing = appendOrders(ctx.store, 60, 200, 4);
    await rebuildProjection({
      ...ctx.projectionOptions,
      projector: allProjectors[0]!,
      batchSize: 20,
    });
    await rebuildProjection({
      ...ctx.projectionOptions,
      projector: allProjectors[1]!,
      batchSize: 20,
    });
    await writing;
    const status = await waitUntilCaughtUp(ctx.store, ctx.dataSource, ctx.db.schema);
    const live = await snapshotReadModels(ctx.dataSource, ctx.db.schema);

    await runner.stop();
    for (const projector of allProjectors) {
      await rebuildProjection({
        ...ctx.projectionOptions,
        projector,
      });
    }
    expect(await snapshotReadModels(ctx.dataSource, ctx.db.schema)).toEqual(live);
    const total = (await ctx.store.lagAfter(null)).events;
    expect(live['order_timeline']).toHaveLength(total);
    expect(status.every((s) => s.lagEvents === 0)).toBe(true);
  }, 240_000);

  // Last: its events are no steps of the timeline, which the rebuilds above count one per event.
  it("counts on the summary the emails the queue gave up on, for the list's and the board's badge", async () => {
    runner = new ProjectionRunner({ ...ctx.projectionOptions, projectors: allProjectors, batchSize: 50 });
    await runner.start(); // the test above stopped it
    const id = randomUUID();
    const history = orderHistory(3, id);
    const failure = (template: string): RecordedOrderEvent => ({
      type: 'OrderEmailFailed',
      data: {
        template,
        recipient: 'boite.inexistante@exemple.fr',
        emailKey: `${template}:${id}`,
        since: history.at(-1)!.metadata.occurredAt,
        attempts: 1,
        error: '550 5.1.1 no such mailbox',
      },
      metadata: history.at(-1)!.metadata,
    });
    const events = [...history, failure('payment-receipt'), failure('contract-to-sign')];
    await ctx.store.appendToStream(
      `order-${id}`,
      events.map((event, i) => toNewEvent(event, i)),
      { expectedRevision: 'no_stream' },
    );
    await waitUntilCaughtUp(ctx.store, ctx.dataSource, ctx.db.schema);
    const summaries = ctx.dataSource.getRepository(OrderSummaryRow);
    expect(await summaries.findOneByOrFail({ orderId: id })).toMatchObject({ failedEmails: 2 });
    const others = await summaries.find({ select: { orderId: true, failedEmails: true } });
    expect(others.filter((row) => row.orderId !== id).every((row) => row.failedEmails === 0)).toBe(true);
  });
});

describe('a rebuild swapping in while an order is written', () => {
  it('finishes, and the live projector then projects the order once', async () => {
    const ctx = await openProjectionTestContext([orderViewsProjector]);
    const runner = new ProjectionRunner({ ...ctx.projectionOptions, projectors: [orderViewsProjector] });
    try {
      await runner.start();
      await appendOrders(ctx.store, 5);
      await waitUntilCaughtUp(ctx.store, ctx.dataSource, ctx.db.schema, [orderViewsProjector]);

      // The order is appended the moment the swap reads the log, as live traffic may be. A swap
      // holding a transaction id would wait for its own transaction to end before reading it: forever.
      const late = randomUUID();
      let swapping = false;
      let appended = false;
      const store = new Proxy(ctx.store, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property);
          if (property !== 'readAll' || typeof value !== 'function') return value;
          return async (...args: Parameters<typeof target.readAll>) => {
            if (swapping && !appended) {
              appended = true;
              await target.appendToStream(`order-${late}`, [toNewEvent(orderHistory(0, late)[0]!, 0)], {
                expectedRevision: 'no_stream',
              });
            }
            return target.readAll(...args);
          };
        },
      });
      await rebuildProjection({
        ...ctx.projectionOptions,
        store,
        projector: orderViewsProjector,
        batchSize: 20,
        onProgress: ({ phase }) => (swapping ||= phase === 'swapping'),
      });
      // The swap finished: holding a transaction id, it would have waited on the late order forever.
      // Whether its own read already saw that order is not asserted: the log shows an event only
      // once no older transaction of the whole cluster is still open, and another test's may be.
      expect(appended).toBe(true);

      await waitUntilCaughtUp(ctx.store, ctx.dataSource, ctx.db.schema, [orderViewsProjector]);
      const row = await ctx.dataSource.getRepository(OrderDetailRow).findOneByOrFail({ orderId: late });
      expect(row.revision).toBe(0);
    } finally {
      await runner.stop();
      await ctx.close();
    }
  }, 240_000);
});

@Entity({ name: 'seen_events' })
class SeenEventRow {
  @PrimaryColumn('bigint')
  position!: string;

  @Column('text')
  type!: string;
}

const withSeenEvents = [...readModelMigrations, SeenEvents9999999999999];

const poisonous: Projector = {
  name: 'poisonous',
  version: 1,
  entities: [SeenEventRow],
  async project(events, em) {
    for (const e of events) {
      if (e.type === 'Poison') throw new Error('cannot project a Poison event');
      await em.insert(SeenEventRow, { position: e.position.toString(), type: e.type });
    }
  },
};

describe('a poison event', () => {
  let ctx: ProjectionTestContext;
  beforeAll(async () => {
    ctx = await openProjectionTestContext([...allProjectors, poisonous]);
    await migrateDatabase({ url: ctx.db.url, schema: ctx.db.schema, migrations: withSeenEvents });
  });
  afterAll(() => ctx.close());

  it('stops only its projector, at the event, recorded for operators; the others go on', async () => {
    const runner = new ProjectionRunner({
      ...ctx.projectionOptions,
      projectors: [...allProjectors, poisonous],
      batchSize: 100,
      migrations: withSeenEvents,
    });
    await runner.start();
    try {
      await appendOrders(ctx.store, 3);
      const poison = await ctx.store.appendToStream(
        `misc-${randomUUID()}`,
        [{ type: 'Poison', schemaVersion: 1, data: {}, metadata: {} }],
        { expectedRevision: 'no_stream' },
      );
      await appendOrders(ctx.store, 3, 3);
      await waitUntilCaughtUp(ctx.store, ctx.dataSource, ctx.db.schema, allProjectors);

      let status = await projectionStatus(ctx.store, ctx.dataSource, ctx.db.schema, [poisonous]);
      await until(
        async () => {
          status = await projectionStatus(ctx.store, ctx.dataSource, ctx.db.schema, [poisonous]);
          return status[0]!.state === 'failed';
        },
        30_000,
        50,
      ).catch(() => {}); // the expectations below say where it stood
      expect(status[0]).toMatchObject({ state: 'failed', errorPosition: Number(poison.position) });
      expect(status[0]!.error).toContain('cannot project a Poison event');
      const seen = await ctx.dataSource.getRepository(SeenEventRow).count();
      expect(seen).toBeGreaterThan(0); // the events before the poison were applied
      expect(seen).toBeLessThan((await ctx.store.lagAfter(null)).events - 1);
    } finally {
      await runner.stop();
    }
  }, 240_000);
});

describe('a database that cannot be reached', () => {
  let ctx: ProjectionTestContext;
  let refusals = 0;
  /** Its connection is refused twice at one event (the batch, then that event alone), as while PostgreSQL restarts. */
  const refusedTwice: Projector = {
    name: 'refused-twice',
    version: 1,
    entities: [SeenEventRow],
    async project(events, em) {
      if (refusals < 2 && events.some((e) => e.type === 'Unreachable')) {
        refusals++;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      }
      for (const e of events)
        await em.insert(SeenEventRow, { position: e.position.toString(), type: e.type });
    },
  };
  beforeAll(async () => {
    ctx = await openProjectionTestContext([refusedTwice]);
    await migrateDatabase({ url: ctx.db.url, schema: ctx.db.schema, migrations: withSeenEvents });
  });
  afterAll(() => ctx.close());

  it('is no poison event: the projector goes on once it answers', async () => {
    const runner = new ProjectionRunner({
      ...ctx.projectionOptions,
      projectors: [refusedTwice],
      migrations: withSeenEvents,
    });
    await runner.start();
    try {
      await appendOrders(ctx.store, 2);
      await ctx.store.appendToStream(
        `misc-${randomUUID()}`,
        [{ type: 'Unreachable', schemaVersion: 1, data: {}, metadata: {} }],
        { expectedRevision: 'no_stream' },
      );
      await appendOrders(ctx.store, 2, 2);
      await waitUntilCaughtUp(ctx.store, ctx.dataSource, ctx.db.schema, [refusedTwice]);
      const [status] = await projectionStatus(ctx.store, ctx.dataSource, ctx.db.schema, [refusedTwice]);
      expect(status).toMatchObject({ state: 'running', error: null });
      expect(refusals).toBe(2);
      expect(await ctx.dataSource.getRepository(SeenEventRow).count()).toBe(
        (await ctx.store.lagAfter(null)).events,
      );
    } finally {
      await runner.stop();
    }
  }, 240_000);
});

describe('a projector process killed in the middle of a batch', () => {
  let ctx: ProjectionTestContext;
  beforeAll(async () => (ctx = await openProjectionTestContext()));
  afterAll(() => ctx.close());

  const startProjectorProcess = (holdMs: number): Promise<ChildProcess> =>
    new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          '--conditions=source',
          '--import',
          '@swc-node/register/esm-register',
          'projections/src/testing/run-projections.cli.ts',
          ctx.db.url,
          ctx.db.schema,
          '25',
          String(holdMs),
        ],
        {
          cwd: repoRoot,
          env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json' },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('started') && resolve(child));
      child.on('error', reject);
      child.on(
        'exit',
        (code, signal) =>
          signal !== 'SIGKILL' && code !== 0 && reject(new Error(`projector process exited with ${code}`)),
      );
    });

  it('loses nothing and applies nothing twice once restarted', async () => {
    const events = await appendOrders(ctx.store, 40);
    const applied = async () => {
      const status = await projectionStatus(ctx.store, ctx.dataSource, ctx.db.schema, allProjectors);
      return {
        total: status.reduce((sum, s) => sum + s.processed, 0),
        done: status.every((s) => s.lagEvents === 0),
      };
    };
    for (let kill = 0; kill < 4; kill++) {
      const before = (await applied()).total;
      const child = await startProjectorProcess(40);
      // Killed once it has committed a batch more than before it started: while it holds the next one.
      await until(async () => {
        const now = await applied();
        return now.total > before || now.done;
      }).catch(() => {
        throw new Error('the projector process applied nothing');
      });
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    const progressed = await projectionStatus(ctx.store, ctx.dataSource, ctx.db.schema, allProjectors);
    expect(progressed.some((s) => s.processed > 0)).toBe(true); // the kills happened mid-way, not before the start

    const child = await startProjectorProcess(0);
    try {
      const status = await waitUntilCaughtUp(ctx.store, ctx.dataSource, ctx.db.schema);
      expect(status.map((s) => s.processed)).toEqual(allProjectors.map(() => events)); // every event applied exactly once
      const afterCrashes = await snapshotReadModels(ctx.dataSource, ctx.db.schema);
      expect(afterCrashes['order_timeline']).toHaveLength(events);

      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      for (const projector of allProjectors) {
        await rebuildProjection({
          ...ctx.projectionOptions,
          projector,
        });
      }
      expect(await snapshotReadModels(ctx.dataSource, ctx.db.schema)).toEqual(afterCrashes);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 240_000);
});

describe('what a projector remembers between batches', () => {
  let ctx: ProjectionTestContext;
  beforeAll(async () => {
    ctx = await openProjectionTestContext();
  });
  afterAll(() => ctx.close());

  const readModelTables = () =>
    allProjectors.flatMap((p) => p.entities).map((e) => ctx.dataSource.getMetadata(e).tableName);

  /** Every projector back to the start of the log, with empty tables; then `orders` orders appended, and their events as read. */
  async function fromScratch(orders: number): Promise<StoredEvent[]> {
    const checkpoints = new Checkpoints(ctx.db.schema);
    for (const projector of allProjectors)
      await checkpoints.reset(ctx.dataSource, projector.name, projector.version, {
        checkpoint: null,
        position: null,
        lastEventAt: null,
        processed: 0,
      });
    for (const table of readModelTables())
      await ctx.dataSource.query(`delete from "${ctx.db.schema}"."${table}"`);
    await appendOrders(ctx.store, orders);
    return wholeLog();
  }

  /**
   * The whole log, earlier tests' events and this one's: a read of the log stops short of commits
   * that other test files' older transactions still hold back (decision 10), so it is read until it
   * holds every event committed.
   */
  async function wholeLog(): Promise<StoredEvent[]> {
    const total = (await ctx.store.lagAfter(null)).events;
    let events: StoredEvent[] = [];
    await until(async () => {
      ({ events } = await ctx.store.readAll({ after: null, limit: 10_000 }));
      return events.length >= total;
    });
    return events;
  }

  it('is forgotten when another process applied a batch in between', async () => {
    const runnerFor = () =>
      new ProjectionRunner({
        ...ctx.projectionOptions,
        projectors: [orderViewsProjector],
      });
    // Two processes' runners, neither subscribed: the test hands each its batches.
    const [here, elsewhere] = [runnerFor(), runnerFor()];
    await new Checkpoints(ctx.db.schema).ensureRow(
      ctx.dataSource,
      orderViewsProjector.name,
      orderViewsProjector.version,
    );
    const orderId = randomUUID();
    const history = orderHistory(12, orderId);
    for (const [i, event] of history.entries())
      await ctx.store.appendToStream(`order-${orderId}`, [toNewEvent(event, i)], {
        expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1),
      });
    const events = await wholeLog();
    expect(events.length).toBeGreaterThanOrEqual(4);

    await here.applyBatch(orderViewsProjector, events.slice(0, 2)); // remembers the order at revision 1
    await elsewhere.applyBatch(orderViewsProjector, events.slice(2, 3)); // the table moves on without it
    const sent = await textsSentDuring(() => here.applyBatch(orderViewsProjector, events.slice(3)));
    // It tried its batch in one text, which the moved checkpoint refused, then went the long way.
    expect(sent[0]).toMatch(/^begin;[\s\S]*checkpoint = '[\s\S]*commit$/);
    expect(sent[1]).toBe('rollback');
    expect(sent[2]).toMatch(/^begin;[\s\S]*projection_checkpoints where name = 'order-views'$/);
    const detail = await ctx.dataSource.getRepository(OrderDetailRow).findOneByOrFail({ orderId });
    expect(detail.state).toEqual(JSON.parse(JSON.stringify(foldOrder(history))));
    expect(detail.revision).toBe(history.length - 1);
  });

  it('lets each batch after the first go in one round trip, into the rows project() would write', async () => {
    const runner = new ProjectionRunner({ ...ctx.projectionOptions, projectors: allProjectors });
    const events = await fromScratch(8);

    const perBatch: string[][] = [];
    for (let from = 0; from < events.length; from += 9) {
      const batch = events.slice(from, from + 9);
      perBatch.push(
        await textsSentDuring(() => Promise.all(allProjectors.map((p) => runner.applyBatch(p, batch)))),
      );
    }
    // The first batch reads each checkpoint; then one text per projector: begin … commit.
    expect(perBatch[0]!.length).toBeGreaterThan(allProjectors.length);
    for (const sent of perBatch.slice(1)) {
      expect(sent).toHaveLength(allProjectors.length);
      for (const text of sent) expect(text).toMatch(/^begin;[\s\S]*commit$/);
    }
    const live = await snapshotReadModels(ctx.dataSource, ctx.db.schema);
    for (const projector of allProjectors) await rebuildProjection({ ...ctx.projectionOptions, projector });
    expect(await snapshotReadModels(ctx.dataSource, ctx.db.schema)).toEqual(live);
    expect(live['order_timeline']).toHaveLength(events.length);
  });

  /**
   * The read models and their checkpoints as they are now, and how to put them back: what a crash
   * of the database leaves when the batches committed after this (which do not wait for their WAL
   * flush, decision 27) had not reached the disk yet.
   */
  async function keptForACrash(): Promise<() => Promise<void>> {
    const tables = [...readModelTables(), 'projection_checkpoints'].map(
      (name) => `"${ctx.db.schema}"."${name}"`,
    );
    const saved = new Map<string, unknown>();
    for (const table of tables)
      saved.set(
        table,
        (await ctx.dataSource.query(`select json_agg(t) as rows from ${table} t`))[0].rows ?? [],
      );
    return async () => {
      for (const table of tables) {
        await ctx.dataSource.query(`delete from ${table}`);
        await ctx.dataSource.query(
          `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`,
          [JSON.stringify(saved.get(table))],
        );
      }
    };
  }

  const expectAsRebuilt = async (events: readonly StoredEvent[]) => {
    const live = await snapshotReadModels(ctx.dataSource, ctx.db.schema);
    expect(live['order_timeline']).toHaveLength(events.length);
    await rebuildProjections({ ...ctx.projectionOptions, projectors: allProjectors });
    expect(await snapshotReadModels(ctx.dataSource, ctx.db.schema)).toEqual(live);
  };

  it('is not trusted once the tables lost batches it committed (the database crashed before their WAL flush)', async () => {
    const runner = new ProjectionRunner({ ...ctx.projectionOptions, projectors: allProjectors });
    const events = await fromScratch(6);
    const half = Math.floor(events.length / 2);
    const applyAll = (batch: StoredEvent[]) =>
      Promise.all(allProjectors.map((p) => runner.applyBatch(p, batch)));

    await applyAll(events.slice(0, half));
    const crash = await keptForACrash();
    const second = await textsSentDuring(() => applyAll(events.slice(half)));
    expect(second).toHaveLength(allProjectors.length); // one text each: remembered as committed
    await crash();

    // The subscription, restarted from the tables' checkpoints, delivers the lost batch again.
    await applyAll(events.slice(half));
    await expectAsRebuilt(events);
  });

  it("sends the subscription back to the tables' checkpoints when they stand before the batch it reads next", async () => {
    const runner = new ProjectionRunner({ ...ctx.projectionOptions, projectors: allProjectors });
    const events = await fromScratch(6);
    const [a, b] = [Math.floor(events.length / 3), Math.floor((2 * events.length) / 3)];
    const applyAll = (batch: StoredEvent[], after: StoredEvent | undefined) =>
      Promise.all(allProjectors.map((p) => runner.applyBatch(p, batch, after?.checkpoint ?? null)));

    await applyAll(events.slice(0, a), undefined);
    const crash = await keptForACrash();
    await applyAll(events.slice(a, b), events[a - 1]);
    await crash();

    // The subscription only saw its reads fail, and goes on after the batch the crash lost: refused,
    // rather than applied over the gap; the runner then starts it again from the tables' checkpoints.
    await expect(applyAll(events.slice(b), events[b - 1])).rejects.toThrow(CheckpointBehindBatchError);
    await applyAll(events.slice(a), events[a - 1]);
    await expectAsRebuilt(events);
  });
});

/** The texts the read models' connections sent to Postgres while `run` ran (reads and appends aside). */
async function textsSentDuring(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args as [string | { text?: string }];
    const text = typeof first === 'string' ? first : first?.text;
    if (text && !/^\s*(select|insert into \S+\.events)/i.test(text)) sent.push(text.trim());
    return query.apply(this, args);
  };
  try {
    await run();
  } finally {
    prototype.query = query;
  }
  return sent;
}
