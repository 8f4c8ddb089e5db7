import { randomUUID } from 'node:crypto';
import { readOrderEvent } from '@coseso/domain/events/event-reader';
import { describeOrderEvent } from '@coseso/domain/orders/order-event-description';
import { type RecordedOrderEvent } from '@coseso/domain/orders/order-state';
import { actors, orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { ERASED, erasePersonalFields } from '@coseso/event-schemas/personal-fields';
import { type StoredEvent } from '@coseso/event-store/event-store';
import {
  type ProjectionTestContext,
  openProjectionTestContext,
  snapshotReadModels,
} from '../../testing/projection-test-kit.js';
import { clientErasure, stored } from '../../testing/stored-events.js';
import { orderTimelineProjector } from './order-timeline.projection.js';

const projectors = [orderTimelineProjector];

/** A client's order, paid and in its brief, whose evidence an auditor downloaded along the way. */
function history(orderId: string, clientId: string): RecordedOrderEvent[] {
  const s = orderIn('brief', { orderId });
  s.run({ type: 'LinkOrderToClient', actor: actors.system, clientId });
  s.run({
    type: 'RecordEvidenceExport',
    actor: actors.auditor,
    manifestSha256: 'e'.repeat(64),
    lastRevision: s.history.length - 1,
    lastEventHash: 'f'.repeat(64),
  });
  s.run({ type: 'RequestMoreElements', actor: actors.admin, message: 'Il manque le logo' });
  return s.history;
}

describe('the order timeline read model', () => {
  let ctx: ProjectionTestContext;
  beforeAll(async () => {
    ctx = await openProjectionTestContext(projectors);
  });
  afterAll(() => ctx.close());
  beforeEach(() => ctx.dataSource.query(`truncate ${ctx.db.schema}.order_timeline`));

  const project = (events: readonly StoredEvent[]) =>
    ctx.dataSource.transaction((em) => orderTimelineProjector.project(events, em, undefined as never));
  const rows = async () =>
    (await snapshotReadModels(ctx.dataSource, ctx.db.schema, projectors))['order_timeline'] as Record<
      string,
      unknown
    >[];

  it('given an order’s events: a line per step, in French, in order; an evidence export is no step', async () => {
    const orderId = randomUUID();
    const events = stored(`order-${orderId}`, history(orderId, randomUUID()));
    await project(events);
    const steps = events.filter((e) => e.type !== 'EvidenceBundleExported');
    expect(steps.length).toBe(events.length - 1);
    // The position is a bigint column, read raw: its digits.
    expect((await rows()).map((r) => [r['order_id'], r['revision'], r['position'], r['type']])).toEqual(
      steps.map((e) => [orderId, Number(e.streamRevision), String(e.position), e.type]),
    );
    const [created] = await rows();
    expect(created).toMatchObject({
      actor_kind: 'visitor',
      description: describeOrderEvent(readOrderEvent(events[0]!)),
      occurred_at: new Date(events[0]!.metadata['occurredAt'] as string),
    });
    // A line that names the contact keeps its erased form beside it; one that names nobody does not.
    const named = (await rows()).filter((r) => r['erased_description'] !== null);
    expect(named.length).toBeGreaterThan(0);
    for (const line of named) {
      expect(line['erased_description']).toContain(ERASED);
      expect(line['description']).not.toContain(ERASED);
    }
    expect((await rows()).find((r) => r['type'] === 'MoreElementsRequested')).toMatchObject({
      erased_description: null,
    });
  });

  it('given the team’s notices of an order: an email not delivered and a payment for a checkout it never opened are no steps', async () => {
    const orderId = randomUUID();
    const s = orderIn('contract_ready_for_signature', { orderId });
    const steps = s.history.length;
    s.run({
      type: 'RecordEmailFailure',
      actor: actors.system,
      template: 'order-confirmation',
      recipient: 'claire@boulangerie-martin.fr',
      emailKey: `order-confirmation:${orderId}`,
      since: '2026-11-22T09:05:00.000Z',
      attempts: 5,
      error: '550 mailbox unavailable',
    });
    s.run({
      type: 'RecordUnopenedCheckoutPayment',
      actor: actors.provider,
      purpose: 'deposit',
      payment: { provider: 'sandbox', paymentId: 'pay_unopened' },
      amount: 12_000,
    });
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Client injoignable' });
    const events = stored(`order-${orderId}`, s.history);
    expect(events.slice(steps).map((e) => e.type)).toEqual([
      'OrderEmailFailed',
      'UnopenedCheckoutPaid',
      'OrderCancelled',
    ]);
    await project(events);
    expect((await rows()).map((r) => [r['revision'], r['type']])).toEqual([
      ...events.slice(0, steps).map((e) => [Number(e.streamRevision), e.type]),
      [steps + 2, 'OrderCancelled'],
    ]);
  });

  it('given an order’s own erasure (OrderContactErased): its lines read as erased, its line says so, another order’s stay', async () => {
    const orderId = randomUUID();
    const s = orderIn('contract_ready_for_signature', { orderId });
    // A line that names the contact: the address the team corrected.
    s.run({
      type: 'CorrectContactEmail',
      actor: actors.admin,
      email: 'claire.martin@boulangerie-martin.fr',
      reason: 'Faute de frappe',
    });
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Le visiteur ne donne plus de nouvelles' });
    const before = s.history.length;
    s.run({
      type: 'EraseOrderContact',
      actor: actors.admin,
      reason: 'Demande écrite du visiteur',
      plaintextEvents: 0,
    });
    const events = stored(`order-${orderId}`, s.history);
    const other = randomUUID();
    const untouched = stored(`order-${other}`, history(other, randomUUID()));
    await project([...events.slice(0, before), ...untouched]);
    const named = (await rows()).filter((r) => r['order_id'] === orderId && r['erased_description'] !== null);
    expect(named.length).toBeGreaterThan(0);
    for (const line of named) expect(line['description']).not.toBe(line['erased_description']);
    const others = (await rows()).filter((r) => r['order_id'] === other);

    await project(events.slice(before));
    const live = await rows();
    const lines = live.filter((r) => r['order_id'] === orderId);
    for (const line of lines.filter((r) => r['erased_description'] !== null))
      expect(line['description']).toBe(line['erased_description']);
    expect(lines.at(-1)).toMatchObject({
      type: 'OrderContactErased',
      description: 'Données du contact effacées : Demande écrite du visiteur',
    });
    expect(live.filter((r) => r['order_id'] === other)).toEqual(others);
    await project(events.slice(before));
    expect(await rows()).toEqual(live);

    await ctx.dataSource.query(`truncate ${ctx.db.schema}.order_timeline`);
    await project([...events.map((e) => erasePersonalFields(e)), ...untouched]);
    expect(await rows()).toEqual(live);
  });

  it('run twice, or in batches of any size, leaves the same rows', async () => {
    const orderId = randomUUID();
    const events = stored(`order-${orderId}`, history(orderId, randomUUID()));
    await project(events);
    const once = await rows();
    await project(events);
    expect(await rows()).toEqual(once);
    await ctx.dataSource.query(`truncate ${ctx.db.schema}.order_timeline`);
    for (let i = 0; i < events.length; i += 4) await project(events.slice(i, i + 4));
    expect(await rows()).toEqual(once);
  });

  it('after an erasure, reads as a rebuild from the erased log would: the client’s lines erased, another order’s kept', async () => {
    const orderId = randomUUID();
    const clientId = randomUUID();
    const events = stored(`order-${orderId}`, history(orderId, clientId));
    const other = randomUUID();
    const untouched = stored(`order-${other}`, history(other, randomUUID()));
    await project([...events, ...untouched]);
    const before = await rows();
    await project(clientErasure(clientId, [orderId]));
    const live = await rows();
    for (const line of live.filter((r) => r['order_id'] === orderId && r['erased_description'] !== null))
      expect(line['description']).toBe(line['erased_description']);
    expect(live.filter((r) => r['order_id'] === other)).toEqual(
      before.filter((r) => r['order_id'] === other),
    );

    await ctx.dataSource.query(`truncate ${ctx.db.schema}.order_timeline`);
    await project([
      ...events.map((e) => erasePersonalFields(e)),
      ...untouched,
      ...clientErasure(clientId, [orderId]),
    ]);
    expect(await rows()).toEqual(live);
  });
});
