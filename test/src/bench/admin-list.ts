// The back-office list at 10,000 orders (docs/architecture.md §9): search + filters + page, p95, against a
// primary-key read of the same table, both through the read side's own code, in the same run.
// Part of `npm run bench`; alone: SWC_NODE_PROJECT=tsconfig.base.json node --conditions=source
//   --import @swc-node/register/esm-register test/src/bench/admin-list.ts
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { ListOrdersHandler } from '@coseso/backend/admin/order-list/list-orders.handler';
import { ListOrdersQuery, type OrderListCriteria } from '@coseso/backend/admin/order-list/list-orders.query';
import { orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { type OrderStatus, orderStatuses } from '@coseso/domain/orders/order-status';
import { type EventStore } from '@coseso/event-store/event-store';
import { allMigrations } from '@coseso/backend/infra/database/all-migrations';
import { migrateDatabase } from '@coseso/database/migration-runner';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { testDatabaseUrl } from '@coseso/database/testing/postgres-test-schema';
import { openReadModelDataSource } from '@coseso/projections/read-model-data-source';
import { OrderSummaryRow } from '@coseso/projections/read-models/order-views/order-summary.entity';
import { orderViewsProjector } from '@coseso/projections/read-models/order-views/order-views.projection';
import { rebuildProjection } from '@coseso/projections/rebuild-projection';
import { toNewEvent } from '@coseso/projections/testing/order-fixtures';
import pg from 'pg';
import { fmt } from './bench-kit.js';

const ORDERS = Number(process.env['BENCH_ADMIN_ORDERS'] ?? 10_000);
const SAMPLES = Number(process.env['BENCH_ADMIN_SAMPLES'] ?? 2_000);

const trades = [
  'Boulangerie',
  'Garage',
  'Fleuriste',
  'Cabinet',
  'Atelier',
  'Restaurant',
  'Coiffure',
  'Plomberie',
];
const names = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
];
const sectors = [
  'Alimentation',
  'Automobile',
  'Commerce',
  'Conseil',
  'Artisanat',
  'Restauration',
  'Beauté',
  'Bâtiment',
];
const templates = ['onepage', 'portfolio', 'business', 'ecommerce'] as const;

/** Order n: its plan, status and answers vary with n; its history is made by the real decider. */
function history(n: number, orderId: string) {
  const status: OrderStatus = orderStatuses[n % orderStatuses.length]!;
  const billing =
    status === 'awaiting_first_monthly_payment'
      ? 'monthly'
      : status === 'awaiting_balance_payment'
        ? 'yearly'
        : n % 4 === 1
          ? 'monthly'
          : 'yearly';
  const name = names[Math.floor(n / 7) % names.length]!;
  return orderIn(status, {
    billing,
    orderId,
    orderNumber: 1000 + n,
    form: {
      companyName: `${trades[n % trades.length]} ${name} ${n}`,
      companySector: sectors[(n * 3) % sectors.length],
      contactEmail: `${name.toLowerCase()}.${n}@exemple.fr`,
      selectedTemplate: templates[(n >> 2) % templates.length],
    },
  }).history;
}

async function seed(store: EventStore): Promise<number> {
  let next = 0;
  let events = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < ORDERS) {
        const orderId = randomUUID();
        const recorded = history(next++, orderId);
        events += recorded.length;
        await store.appendToStream(`order-${orderId}`, recorded.map(toNewEvent), {
          expectedRevision: 'no_stream',
        });
      }
    }),
  );
  return events;
}

/** What an admin types and picks: a search (company, name, email, number), a status or template filter, a page. */
const searches: OrderListCriteria[] = [
  { search: 'boulang', drafts: false, page: 1, pageSize: 10 },
  { search: 'martin', status: 'in_progress', drafts: false, page: 1, pageSize: 10 },
  { search: 'durand.4', drafts: false, page: 1, pageSize: 10 },
  { search: 'Garage Petit', template: 'business', drafts: false, page: 1, pageSize: 10 },
  { search: '#1777', drafts: false, page: 1, pageSize: 10 },
  { status: 'delivered', drafts: false, page: 3, pageSize: 10 },
  { search: 'restaurant', status: 'en_revision', template: 'onepage', drafts: false, page: 1, pageSize: 10 },
  { drafts: false, page: 2, pageSize: 10 },
];

const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.95)]!;

export interface AdminListResult {
  readonly orders: number;
  readonly events: number;
  readonly listP95: number;
  readonly primaryKeyP95: number;
  /** p95 of each search, to tell which one is slow. */
  readonly bySearch: Record<string, number>;
}

export async function benchAdminList(url: string): Promise<AdminListResult> {
  const schema = `bench_admin_${randomBytes(4).toString('hex')}`;
  await migrateDatabase({ url, schema, migrations: allMigrations });
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const store = await PostgresEventStore.open({ pool, schema, connectionString: url });
  const dataSource = await openReadModelDataSource({ url, schema, entities: orderViewsProjector.entities });
  try {
    const events = await seed(store);
    await rebuildProjection({ store, dataSource, url, schema, projector: orderViewsProjector });
    await dataSource.query(`analyze ${schema}.order_summary`);
    const handler = new ListOrdersHandler(dataSource);
    const summaries = dataSource.getRepository(OrderSummaryRow);
    const ids = (await summaries.find({ select: { orderId: true } })).map((r) => r.orderId);

    const list: number[] = [];
    const each = searches.map((): number[] => []);
    const byKey: number[] = [];
    const time = async (samples: number[], run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    };
    // Warm-up, then interleaved, so that drift on the machine weighs on both alike.
    for (let i = 0; i < 200; i++) await handler.execute(new ListOrdersQuery(searches[i % searches.length]!));
    for (let i = 0; i < SAMPLES; i++) {
      await time(list, () => handler.execute(new ListOrdersQuery(searches[i % searches.length]!)));
      each[i % searches.length]!.push(list.at(-1)!);
      await time(byKey, () => summaries.findOne({ where: { orderId: ids[(i * 7919) % ids.length]! } }));
    }
    const bySearch = Object.fromEntries(
      searches.map((criteria, i) => [
        JSON.stringify({ ...criteria, drafts: undefined, pageSize: undefined }),
        p95(each[i]!),
      ]),
    );
    return { orders: ids.length, events, listP95: p95(list), primaryKeyP95: p95(byKey), bySearch };
  } finally {
    await dataSource.destroy();
    await store.close();
    if (process.env['BENCH_ADMIN_KEEP']) console.log(`kept schema ${schema}`);
    else await pool.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await pool.end();
  }
}

export const adminListRow = (r: AdminListResult) => ({
  measure: `admin list: search + filters + page + count, ${fmt(r.orders)} orders, p95`,
  result: `${r.listP95.toFixed(2)} ms`,
  baseline: `primary-key read p95 ${r.primaryKeyP95.toFixed(2)} ms`,
  ratio: `${(r.listP95 / r.primaryKeyP95).toFixed(1)}×`,
  target: '≤ 2×',
});

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchAdminList(process.env['BENCH_DATABASE_URL'] ?? testDatabaseUrl());
  console.log(
    `\nCoseso admin-list benchmark, ${new Date().toISOString()}: ${fmt(result.events)} events seeded`,
  );
  console.table([adminListRow(result)]);
  console.table(result.bySearch);
}
