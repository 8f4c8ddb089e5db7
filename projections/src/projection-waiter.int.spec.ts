import { randomUUID } from 'node:crypto';
import { orderStreamId } from '@coseso/domain/events/event-reader';
import { type EventStore } from '@coseso/event-store/event-store';
import { allProjectors } from './all-projectors.js';
import { ProjectionRunner } from './projection-runner.js';
import { ProjectionWaiter } from './projection-waiter.js';
import { OrderDetailRow } from './read-models/order-views/order-detail.entity.js';
import { orderHistory, toNewEvent } from './testing/order-fixtures.js';
import { type ProjectionTestContext, openProjectionTestContext } from './testing/projection-test-kit.js';

describe('waiting for the read models', () => {
  let ctx: ProjectionTestContext;
  let runner: ProjectionRunner;
  let waiter: ProjectionWaiter;
  beforeAll(async () => {
    ctx = await openProjectionTestContext();
    waiter = new ProjectionWaiter(ctx.store, ctx.dataSource, ctx.db.schema);
    runner = new ProjectionRunner({
      ...ctx.projectionOptions,
      projectors: allProjectors,
    });
    runner.onProgress((name, positions) => waiter.applied(name, positions));
    await runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await waiter.close();
    await ctx.close();
  });

  /** The store as it is, except that it never says a position was reached: only being told can wake a reader. */
  const blindStore = (): EventStore =>
    Object.assign(Object.create(ctx.store) as EventStore, { isAtOrBefore: async () => false });

  const appendOrder = async () => {
    const orderId = randomUUID();
    const [created] = orderHistory(0, orderId);
    const { position } = await ctx.store.appendToStream(orderStreamId(orderId), [toNewEvent(created!, 0)], {
      expectedRevision: 'no_stream',
    });
    return { orderId, position };
  };
  const detail = (orderId: string) =>
    ctx.dataSource.getRepository(OrderDetailRow).findOne({ where: { orderId } });

  it('answers what the read model shows once it shows it', async () => {
    const { orderId } = await appendOrder();
    const row = await waiter.waitUntil(() => detail(orderId), 60_000);
    expect(row?.orderId).toBe(orderId);
  });

  it('answers null when the read model does not show it in time', async () => {
    const started = Date.now();
    expect(await waiter.waitUntil(() => detail(randomUUID()), 200)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });

  it('waits for a projector to pass a position, or to apply the whole log', async () => {
    const { orderId, position } = await appendOrder();
    expect(await waiter.waitFor('order-views', position, 60_000)).toBe(true);
    expect(await detail(orderId)).not.toBeNull();
    const next = await appendOrder();
    expect(await waiter.waitForCatchUp('order-views', 60_000)).toBe(true);
    expect(await detail(next.orderId)).not.toBeNull();
  });

  it('wakes a reader with the positions the runner of its process applied, without asking the database', async () => {
    const told = new ProjectionWaiter(blindStore(), ctx.dataSource, ctx.db.schema);
    const stop = runner.onProgress((name, positions) => told.applied(name, positions));
    try {
      const { position } = await appendOrder();
      expect(await told.waitFor('order-views', position, 60_000)).toBe(true);
      // Remembered: a later read of the same position answers at once.
      expect(await told.waitFor('order-views', position, 0)).toBe(true);
      expect(await told.waitFor('order-views', position + 1_000_000n, 100)).toBe(false);
    } finally {
      stop();
    }
  });

  it('looks again only when the projector announces a batch, for a reader that knows no position', async () => {
    // Another process's waiter: only the projectors' notifications can tell it something moved.
    const elsewhere = new ProjectionWaiter(blindStore(), ctx.dataSource, ctx.db.schema, {
      listenUrl: ctx.db.url,
    });
    try {
      expect(await elsewhere.waitFor('order-views', 0n, 300)).toBe(false); // starts listening
      const orderId = randomUUID();
      let looks = 0;
      const found = elsewhere.waitUntilNotified(
        'order-views',
        async () => {
          looks++;
          return detail(orderId);
        },
        60_000,
        600_000,
      );
      const [created] = orderHistory(0, orderId);
      await ctx.store.appendToStream(orderStreamId(orderId), [toNewEvent(created!, 0)], {
        expectedRevision: 'no_stream',
      });
      expect((await found)?.orderId).toBe(orderId);
      // Found long before the idle ten minutes: woken by the notification, one look per batch announced.
      expect(looks).toBeLessThanOrEqual(4);

      let idleLooks = 0;
      const started = Date.now();
      const nothing = await elsewhere.waitUntilNotified(
        'order-views',
        async () => (idleLooks++, null),
        600,
        250,
      );
      expect(nothing).toBeNull();
      expect(Date.now() - started).toBeGreaterThanOrEqual(600);
      expect(idleLooks).toBeLessThanOrEqual(4);
    } finally {
      await elsewhere.close();
    }
  });

  it('wakes a reader of another process with the notifications of the projectors', async () => {
    const elsewhere = new ProjectionWaiter(blindStore(), ctx.dataSource, ctx.db.schema, {
      listenUrl: ctx.db.url,
    });
    try {
      expect(await elsewhere.waitFor('order-views', 0n, 300)).toBe(false); // starts listening
      const { position } = await appendOrder();
      expect(await elsewhere.waitFor('order-views', position, 60_000)).toBe(true);
    } finally {
      await elsewhere.close();
    }
  });
});
