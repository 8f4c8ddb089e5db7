import { randomUUID } from 'node:crypto';
import { type RecordedOrderEvent } from '@coseso/domain/orders/order-state';
import { actors, orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { orderMoveFacts, orderMoves } from '@coseso/domain/orders/order-moves';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { ProjectorMemory } from '../../projector.js';
import { AdminStatisticsRow } from './admin-statistics.entity.js';
import {
  type ProjectionTestContext,
  openProjectionTestContext,
  snapshotReadModels,
} from '../../testing/projection-test-kit.js';
import { clientErasure, stored } from '../../testing/stored-events.js';
import { orderViewsProjector } from './order-views.projection.js';

const projectors = [orderViewsProjector];

/**
 * What the rows say of an order, in facts: its status, money (HT and TTC, cents), payments, dates
 * and contact. Not the decider's state nor the actions it allows: how those are kept is the
 * projector's business, what they say is the domain's (its own specs).
 */
const summaryFacts = [
  'order_id',
  'client_id',
  'order_number',
  'status',
  'company_name',
  'company_sector',
  'contact_email',
  'selected_template',
  'billing_period',
  'deposit_paid',
  'final_paid',
  'subscription_status',
  'total_amount',
  'total_with_vat',
  'search_text',
  'empty_draft',
  'failed_emails',
  'created_at',
  'last_activity_at',
] as const;
const detailFacts = ['order_id', 'order_number', 'status', 'revision'] as const;

const pick = (row: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, row[key]]));

/** The price the order was completed at, as its OrderFormCompleted event says it. */
const priceOf = (history: readonly RecordedOrderEvent[]) => {
  const completed = history.find((e) => e.type === 'OrderFormCompleted')!;
  return (completed.data as { price: { totalAmount: number; totalWithVat: number } }).price;
};
const lastAt = (history: readonly RecordedOrderEvent[]) => new Date(history.at(-1)!.metadata.occurredAt);

describe('the order views read model (order_summary, order_detail)', () => {
  let ctx: ProjectionTestContext;
  beforeAll(async () => {
    ctx = await openProjectionTestContext(projectors);
  });
  afterAll(() => ctx.close());
  beforeEach(() =>
    ctx.dataSource.query(
      `truncate ${ctx.db.schema}.order_summary, ${ctx.db.schema}.order_detail, ${ctx.db.schema}.admin_statistics`,
    ),
  );

  /** One batch, as a process that remembers nothing (just started): what the tables hold is read back. */
  const project = (events: readonly StoredEvent[]) =>
    ctx.dataSource.transaction((em) => orderViewsProjector.project(events, em, new ProjectorMemory()));
  const tables = async () => {
    const all = await snapshotReadModels(ctx.dataSource, ctx.db.schema, projectors);
    return {
      summary: (all['order_summary'] as Record<string, unknown>[]).map((r) => pick(r, summaryFacts)),
      detail: (all['order_detail'] as Record<string, unknown>[]).map((r) => pick(r, detailFacts)),
    };
  };

  it('given a yearly order paid its deposit and in production: a summary line and a detail row of its facts', async () => {
    const orderId = randomUUID();
    const history = orderIn('in_progress', { orderId, orderNumber: 2001 }).history;
    await project(stored(`order-${orderId}`, history));
    const price = priceOf(history);
    expect(await tables()).toEqual({
      summary: [
        {
          order_id: orderId,
          client_id: null,
          order_number: 2001,
          status: 'in_progress',
          company_name: 'Boulangerie Martin',
          company_sector: 'Boulangerie',
          contact_email: 'claire@boulangerie-martin.fr',
          selected_template: 'onepage',
          billing_period: 'yearly',
          deposit_paid: true,
          final_paid: false,
          subscription_status: 'none',
          total_amount: price.totalAmount,
          total_with_vat: price.totalWithVat,
          search_text: `boulangerie martin\nclaire@boulangerie-martin.fr\nboulangerie\n${orderId}\n#2001`,
          empty_draft: false,
          failed_emails: 0,
          created_at: new Date(history[0]!.metadata.occurredAt),
          last_activity_at: lastAt(history),
        },
      ],
      detail: [
        { order_id: orderId, order_number: 2001, status: 'in_progress', revision: history.length - 1 },
      ],
    });
    expect(price.totalWithVat).toBeGreaterThan(price.totalAmount);
  });

  it('given orders along the workflow: each line keeps the facts its moves are computed from, and they give the whole state’s moves', async () => {
    const scenarios = (['contract_ready_for_signature', 'brief', 'en_revision', 'cancelled'] as const).map(
      (status, i) => orderIn(status, { orderId: randomUUID(), orderNumber: 2100 + i, billing: 'monthly' }),
    );
    for (const scenario of scenarios)
      await project(stored(`order-${scenario.state.orderId}`, scenario.history));
    const rows = await ctx.dataSource.query<
      { order_id: string; move_facts: Parameters<typeof orderMoves>[0] }[]
    >(`select order_id, move_facts from ${ctx.db.schema}.order_summary`);
    expect(rows).toHaveLength(scenarios.length);
    for (const scenario of scenarios) {
      const row = rows.find((r) => r.order_id === scenario.state.orderId)!;
      expect(row.move_facts).toEqual(JSON.parse(JSON.stringify(orderMoveFacts(scenario.state))));
      expect(orderMoves(row.move_facts)).toEqual(orderMoves(orderMoveFacts(scenario.state)));
      // Facts, not the folded state: no form, files, contract text or review rounds.
      expect(row.move_facts).not.toHaveProperty('form.companyName');
      expect(row.move_facts).not.toHaveProperty('brief.files');
      expect(JSON.stringify(row.move_facts).length).toBeLessThan(2_000);
    }
  });

  it('given a draft nobody filled in: a line with no price, out of the default list (empty draft)', async () => {
    const orderId = randomUUID();
    const history = orderIn('pending', { orderId, orderNumber: 2002 }).history;
    await project(stored(`order-${orderId}`, history));
    const { summary, detail } = await tables();
    expect(summary).toEqual([
      expect.objectContaining({
        order_id: orderId,
        status: 'pending',
        billing_period: null,
        deposit_paid: false,
        total_amount: null,
        total_with_vat: null,
        empty_draft: true,
      }),
    ]);
    expect(detail).toEqual([{ order_id: orderId, order_number: 2002, status: 'pending', revision: 0 }]);
  });

  it('given the later events of an order, in another batch: its rows move on to the new status and date', async () => {
    const orderId = randomUUID();
    const upToBrief = orderIn('brief', { orderId, orderNumber: 2003 }).history;
    const delivered = orderIn('delivered', { orderId, orderNumber: 2003 }).history;
    // The same start: the delivered history goes on from the brief's.
    expect(delivered.slice(0, upToBrief.length).map((e) => e.type)).toEqual(upToBrief.map((e) => e.type));
    const events = stored(`order-${orderId}`, delivered);
    await project(events.slice(0, upToBrief.length));
    expect((await tables()).summary[0]).toMatchObject({ status: 'brief', final_paid: false });

    await project(events.slice(upToBrief.length));
    const { summary, detail } = await tables();
    expect(summary).toEqual([
      expect.objectContaining({
        status: 'delivered',
        deposit_paid: true,
        final_paid: true,
        last_activity_at: lastAt(delivered),
        created_at: new Date(delivered[0]!.metadata.occurredAt),
      }),
    ]);
    expect(detail).toEqual([
      { order_id: orderId, order_number: 2003, status: 'delivered', revision: delivered.length - 1 },
    ]);
  });

  it('given a monthly order delivered: its subscription is active, the billing monthly', async () => {
    const orderId = randomUUID();
    const history = orderIn('delivered', { orderId, billing: 'monthly', orderNumber: 2004 }).history;
    await project(stored(`order-${orderId}`, history));
    expect((await tables()).summary[0]).toMatchObject({
      status: 'delivered',
      billing_period: 'monthly',
      subscription_status: 'active',
      total_amount: priceOf(history).totalAmount,
      total_with_vat: priceOf(history).totalWithVat,
    });
  });

  /** The back-office's eight cards as the projector left them (no row: no order counted yet). */
  const statistics = () => ctx.dataSource.getRepository(AdminStatisticsRow).findOneBy({ id: 'all' });

  it('given orders along the workflow: the statistics count each order once, on the cards its status and payments say', async () => {
    const order = (
      status: Parameters<typeof orderIn>[0],
      orderNumber: number,
      billing: 'yearly' | 'monthly',
    ) => orderIn(status, { orderId: randomUUID(), orderNumber, billing });
    const draft = order('pending', 2200, 'yearly');
    const unpaid = order('contract_ready_for_signature', 2201, 'yearly');
    const inProduction = order('in_progress', 2202, 'yearly');
    const inReview = order('en_revision', 2203, 'yearly');
    const paidInFull = order('delivered', 2204, 'yearly');
    const subscribed = order('delivered', 2205, 'monthly');
    const all = [draft, unpaid, inProduction, inReview, paidInFull, subscribed];
    await project(all.flatMap((s) => stored(`order-${s.state.orderId}`, s.history)));

    const yearlyRevenue = paidInFull.state.firstPayment!.amount + paidInFull.state.finalPayment!.amount;
    const monthly = subscribed.state.subscription.monthlyWithVat!;
    expect(yearlyRevenue).toBeGreaterThan(0);
    expect(monthly).toBeGreaterThan(0);
    expect(await statistics()).toEqual({
      id: 'all',
      totalOrders: 5, // the draft nobody filled in is not an order yet
      activeSubscriptions: 1,
      yearlyDepositPaid: 3,
      delivered: 2,
      inRevision: 1,
      yearlyRevenueCents: yearlyRevenue,
      monthlyRecurringRevenueCents: monthly,
      awaitingPayment: 1,
    });
  });

  it('given an order’s later events and its contact’s erasure: the statistics move with it, and a replay moves nothing', async () => {
    const orderId = randomUUID();
    const unpaid = orderIn('contract_ready_for_signature', { orderId, orderNumber: 2210 }).history;
    const paid = orderIn('in_progress', { orderId, orderNumber: 2210 }).history;
    expect(paid.slice(0, unpaid.length).map((e) => e.type)).toEqual(unpaid.map((e) => e.type));
    const events = stored(`order-${orderId}`, paid);
    await project(events.slice(0, unpaid.length));
    expect(await statistics()).toMatchObject({ totalOrders: 1, awaitingPayment: 1, yearlyDepositPaid: 0 });

    await project(events.slice(unpaid.length));
    const moved = await statistics();
    expect(moved).toMatchObject({ totalOrders: 1, awaitingPayment: 0, yearlyDepositPaid: 1 });
    await project(events); // the whole stream delivered again
    await project(events.slice(0, 2)); // an old batch delivered again
    expect(await statistics()).toEqual(moved);

    // An order that never became a client's, its contact erased (OrderContactErased): still an order, no longer waited for.
    const erasedId = randomUUID();
    const visitor = orderIn('contract_ready_for_signature', { orderId: erasedId, orderNumber: 2211 });
    const before = visitor.history.length;
    visitor.run({
      type: 'EraseOrderContact',
      actor: actors.admin,
      reason: 'Demande du visiteur',
      plaintextEvents: 0,
    });
    const erasure = stored(`order-${erasedId}`, visitor.history);
    expect(erasure.slice(before).map((e) => e.type)).toEqual(['OrderContactErased']);
    await project(erasure.slice(0, before));
    expect(await statistics()).toMatchObject({ totalOrders: 2, awaitingPayment: 1 });
    await project(erasure.slice(before));
    expect(await statistics()).toMatchObject({ totalOrders: 2, awaitingPayment: 0, yearlyDepositPaid: 1 });
    await project(erasure.slice(before));
    expect(await statistics()).toMatchObject({ totalOrders: 2, awaitingPayment: 0, yearlyDepositPaid: 1 });
    expect((await tables()).summary.find((r) => r['order_id'] === erasedId)).toMatchObject({
      status: 'contract_ready_for_signature',
      contact_email: ERASED,
    });
  });

  it('run twice, or one event at a time, leaves the same rows; an event already applied changes nothing', async () => {
    const events = [1, 2].flatMap((n) => {
      const orderId = randomUUID();
      return stored(`order-${orderId}`, orderIn('en_revision', { orderId, orderNumber: 2010 + n }).history);
    });
    await project(events);
    const once = await snapshotReadModels(ctx.dataSource, ctx.db.schema, projectors);
    expect(once['order_summary']).toHaveLength(2);
    await project(events);
    expect(await snapshotReadModels(ctx.dataSource, ctx.db.schema, projectors)).toEqual(once);
    await project(events.slice(0, 3)); // an old batch delivered again
    expect(await snapshotReadModels(ctx.dataSource, ctx.db.schema, projectors)).toEqual(once);

    await ctx.dataSource.query(
      `truncate ${ctx.db.schema}.order_summary, ${ctx.db.schema}.order_detail, ${ctx.db.schema}.admin_statistics`,
    );
    for (const event of events) await project([event]);
    expect(await snapshotReadModels(ctx.dataSource, ctx.db.schema, projectors)).toEqual(once);
  });

  it('after the client’s erasure, the order keeps its status and money, its contact is erased; the others stay', async () => {
    const erasedId = randomUUID();
    const keptId = randomUUID();
    const clientId = randomUUID();
    const erased = orderIn('in_progress', { orderId: erasedId, orderNumber: 2020 });
    erased.run({ type: 'LinkOrderToClient', actor: actors.system, clientId });
    const kept = orderIn('in_progress', { orderId: keptId, orderNumber: 2021 }).history;
    await project([...stored(`order-${erasedId}`, erased.history), ...stored(`order-${keptId}`, kept)]);
    const before = await tables();
    expect(before.summary.find((r) => r['order_id'] === erasedId)).toMatchObject({ client_id: clientId });

    await project(clientErasure(clientId, [erasedId]));
    const after = await tables();
    const row = after.summary.find((r) => r['order_id'] === erasedId)!;
    expect(row).toMatchObject({
      status: 'in_progress',
      order_number: 2020,
      total_amount: priceOf(erased.history).totalAmount,
      total_with_vat: priceOf(erased.history).totalWithVat,
      deposit_paid: true,
    });
    expect(row['contact_email']).toBe(ERASED);
    expect(row['search_text']).not.toContain('claire@boulangerie-martin.fr');
    expect(after.summary.find((r) => r['order_id'] === keptId)).toEqual(
      before.summary.find((r) => r['order_id'] === keptId),
    );
  });
});
