import { randomUUID } from 'node:crypto';
import { actors, orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { allProjectors } from './all-projectors.js';
import { ProjectionRunner } from './projection-runner.js';
import { rebuildProjections } from './rebuild-projection.js';
import { invoiceSeriesEvents } from './testing/invoice-fixtures.js';
import { appendOrders, orderHistory, toNewEvent } from './testing/order-fixtures.js';
import {
  type ProjectionTestContext,
  openProjectionTestContext,
  snapshotReadModels,
  waitUntilCaughtUp,
} from './testing/projection-test-kit.js';

const metadata = (n: number) => ({
  actor: { kind: 'system', id: 'test' },
  occurredAt: new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString(),
  commandId: `client-${n}`,
  correlationId: `client-${n}`,
  causationId: `client-${n}`,
});

describe('a rebuild in small batches (the replayers: COPY, writes overlapping the next batch)', () => {
  let ctx: ProjectionTestContext;
  beforeAll(async () => {
    ctx = await openProjectionTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  /**
   * An order that never became a client's, worked on all the same (a contract forced without
   * payment, a file the team added for the visitor), then cancelled: its contact may be erased.
   */
  const unpaidOrder = (orderId: string) => {
    const s = orderIn('contract_ready_for_signature', { orderId, orderNumber: 1090 });
    s.run({ type: 'CorrectStatus', actor: actors.admin, to: 'contract_signed', reason: 'Virement annoncé' });
    s.run({
      type: 'UploadBriefFile',
      actor: actors.admin,
      file: {
        fileId: randomUUID(),
        category: 'logo',
        originalName: 'logo gaspard rivière.png',
        storedName: 'f-1.png',
        size: 1200,
        mimeType: 'image/png',
        kind: 'image',
      },
    });
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Le visiteur renonce' });
    const history = [...s.history];
    s.run({
      type: 'EraseOrderContact',
      actor: actors.admin,
      reason: 'Demande du visiteur',
      plaintextEvents: 0,
    });
    return { history, erasure: s.history.at(-1)! };
  };

  it('gives the rows the live projectors wrote, client accounts and erasures included', async () => {
    const runner = new ProjectionRunner({
      ...ctx.projectionOptions,
      projectors: allProjectors,
      batchSize: 50,
    });
    await runner.start();
    try {
      // Orders written side by side (their events interleave in the log), clients among them, and
      // an erasure of two orders whose rows were written batches earlier, then more events after it.
      await appendOrders(ctx.store, 12, 0, 4);
      const orderIds: string[] = [];
      for (let n = 20; n < 23; n++) {
        const orderId = randomUUID();
        orderIds.push(orderId);
        for (const [i, event] of orderHistory(n, orderId).entries())
          await ctx.store.appendToStream(`order-${orderId}`, [toNewEvent(event, i)], {
            expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1),
          });
      }
      const clients = [randomUUID(), randomUUID()];
      for (const [n, clientId] of clients.entries())
        await ctx.store.appendToStream(
          `client-${clientId}`,
          [
            {
              type: 'ClientAccountCreated',
              schemaVersion: 1,
              data: {
                clientId,
                email: `Client${n}@Example.com`,
                firstName: 'Camille',
                lastName: `Martin\t${n} \\ \n"\r"`, // what COPY must escape
                firstOrderId: orderIds[n]!,
              },
              metadata: metadata(n),
            },
          ],
          { expectedRevision: 'no_stream' },
        );
      // And the contact of an order that never became a client's, erased on its own stream.
      const unpaidId = randomUUID();
      const unpaid = unpaidOrder(unpaidId);
      for (const [i, event] of unpaid.history.entries())
        await ctx.store.appendToStream(`order-${unpaidId}`, [toNewEvent(event, i)], {
          expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1),
        });
      await appendOrders(ctx.store, 6, 40, 3);
      await ctx.store.appendToStream(
        `order-${unpaidId}`,
        [toNewEvent(unpaid.erasure, unpaid.history.length)],
        {
          expectedRevision: BigInt(unpaid.history.length - 1),
        },
      );
      await ctx.store.appendToStream(
        `client-${clients[0]!}`,
        [
          {
            type: 'ClientDataErased',
            schemaVersion: 1,
            data: {
              clientId: clients[0]!,
              orderIds: orderIds.slice(0, 2),
              reason: 'Demande du client',
              plaintextEvents: 0,
            },
            metadata: metadata(9),
          },
        ],
        { expectedRevision: 0n },
      );
      // The erased client's order is invoiced, then credited: its documents stay as issued.
      const invoices = invoiceSeriesEvents(orderIds[0]!, 'Boulangerie Gaspard');
      await ctx.store.appendToStream('invoice-F-2026', invoices.F, { expectedRevision: 'no_stream' });
      await ctx.store.appendToStream('invoice-A-2026', invoices.A, { expectedRevision: 'no_stream' });
      await appendOrders(ctx.store, 4, 60, 2);
      await waitUntilCaughtUp(ctx.store, ctx.dataSource, ctx.db.schema);
      const live = await snapshotReadModels(ctx.dataSource, ctx.db.schema);
      expect(live['invoice']!.map((row) => (row as { number: string }).number).sort()).toEqual([
        'A-2026-000001',
        'F-2026-000001',
        'F-2026-000002',
      ]);
      expect(JSON.stringify(live['invoice'])).toContain('Boulangerie Gaspard');
      // Beside them, what each issue day's documents count for, by kind: the period's totals.
      const days = live['invoice_day_totals'] as { kind: string; documents: number }[];
      const documentsOf = (credit: boolean) =>
        days.filter((d) => (d.kind === 'credit_note') === credit).reduce((sum, d) => sum + d.documents, 0);
      expect([documentsOf(false), documentsOf(true)]).toEqual([2, 1]);
      expect(live['client_account']).toEqual([expect.objectContaining({ last_name: 'Martin\t1 \\ \n"\r"' })]);
      expect(
        live['order_timeline']!.some((row) =>
          (row as { description: string }).description.includes('effacées'),
        ),
      ).toBe(true);
      const unpaidRows = JSON.stringify(
        Object.values(live).flatMap((rows) => rows.filter((row) => JSON.stringify(row).includes(unpaidId))),
      );
      expect(unpaidRows).not.toContain('gaspard');
      expect(unpaidRows).not.toContain('Martin');
      expect(unpaidRows).toContain(`Fichier ajouté : ${ERASED} (Logo)`);
      expect(unpaidRows).toContain('Données du contact effacées : Demande du visiteur');

      // Small batches holding every order to the end, then holding two at most (each order written,
      // pushed out, read back and written again, an erasure meeting orders already written), then one
      // batch for the whole log.
      for (const tuning of [
        { batchSize: 7 },
        { batchSize: 7, replayer: { heldRows: 2 } },
        { batchSize: 5_000, replayer: { heldRows: 0 } },
        { batchSize: 5_000 },
      ]) {
        const result = await rebuildProjections({
          ...ctx.projectionOptions,
          projectors: allProjectors,
          ...tuning,
        });
        expect(result.events).toBe((await ctx.store.lagAfter(null)).events);
        expect(await snapshotReadModels(ctx.dataSource, ctx.db.schema)).toEqual(live);
      }
      // The swapped-in tables come with the planner's statistics of their rows.
      const analyzed = (await ctx.dataSource.query(
        `select relname from pg_stat_user_tables where schemaname = $1 and last_analyze is not null order by 1`,
        [ctx.db.schema],
      )) as { relname: string }[];
      expect(analyzed.map((t) => t.relname)).toEqual(
        expect.arrayContaining([
          'admin_statistics',
          'client_account',
          'invoice',
          'order_detail',
          'order_summary',
          'order_timeline',
        ]),
      );
    } finally {
      await runner.stop();
    }
  }, 240_000);

  it('stops when the session holding its lock is lost, another rebuild being free to start, and leaves no shadow behind', async () => {
    await appendOrders(ctx.store, 40, 200, 4);
    const { schema } = ctx.db;
    let terminated: Promise<{ rowCount: number | null }> | null = null;
    const rebuild = rebuildProjections({
      ...ctx.projectionOptions,
      projectors: allProjectors,
      batchSize: 1, // a replay of hundreds of batches: the lock is lost in the middle of it
      onProgress: ({ processed }) => {
        // The session holding the order views' rebuild lock, ended as a restart or an admin would.
        terminated ??=
          processed > 0
            ? ctx.db.pool.query(
                `select pg_terminate_backend(pid) from pg_locks
                  where locktype = 'advisory' and granted and objid = (hashtext($1)::bigint & 4294967295)::oid`,
                [`rebuild:${schema}:order-views`],
              )
            : null;
      },
    });
    await expect(rebuild).rejects.toThrow(/the rebuild's lock was lost with its connection/);
    expect((await terminated!)?.rowCount).toBe(1);
    const shadows = await ctx.db.pool.query(
      `select nspname from pg_namespace where starts_with(nspname, $1)`,
      [`${schema}__rebuild_`],
    );
    expect(shadows.rowCount).toBe(0);
  }, 240_000);
});
