import { isOrderStream, orderIdOf, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type OrderState, evolve, initialOrderState } from '@coseso/domain/orders/order-state';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { type EntityManager, In } from 'typeorm';
import { bulkInsert } from '../../bulk-write.js';
import { type Projector } from '../../projector.js';
import { OrderDetailRow } from './order-detail.entity.js';
import { OrderSummaryRow } from './order-summary.entity.js';

/**
 * Order detail and order summary, folded with the domain's own evolve(): the read side never
 * re-implements a business rule.
 */
export const orderViewsProjector: Projector = {
  name: 'order-views',
  // 2: the summary names the client account; 3: the state keeps the account manager's payment;
  // 4: the summary has totalAmount (HT) beside totalWithVat, the state's subscription.monthlyWithVat
  // 5: the state's review keeps the approval receipt
  version: 5,
  entities: [OrderDetailRow, OrderSummaryRow],
  async project(events: readonly StoredEvent[], em: EntityManager) {
    const orderEvents = events.filter((e) => isOrderStream(e.streamId));
    if (orderEvents.length === 0) return;
    const ids = [...new Set(orderEvents.map(orderIdOf))];
    const existing = await em
      .getRepository(OrderDetailRow)
      .find({ where: { orderId: In(ids) }, select: { orderId: true, state: true, revision: true } });
    const folded = new Map(
      existing.map((row) => [row.orderId, { state: row.state, revision: row.revision, changed: false }]),
    );

    for (const event of orderEvents) {
      const id = orderIdOf(event);
      const current = folded.get(id) ?? { state: initialOrderState(), revision: -1, changed: false };
      const revision = Number(event.streamRevision);
      if (revision <= current.revision) continue;
      folded.set(id, {
        state: evolve(current.state, readOrderEvent(event)),
        revision,
        changed: true,
      });
    }

    const changed = [...folded.entries()].filter(([, v]) => v.changed);
    const details = changed.map(([orderId, { state, revision }]): OrderDetailRow => ({
      orderId,
      orderNumber: state.orderNumber,
      status: state.status,
      state,
      revision,
    }));
    await bulkInsert(em, OrderDetailRow, details, detailColumns, upsertOn('orderId', detailColumns));
    const summaries = changed.map(([orderId, { state }]) => summaryOf(orderId, state));
    await bulkInsert(em, OrderSummaryRow, summaries, summaryColumns, upsertOn('orderId', summaryColumns));
  },
};

const detailColumns = (['orderId', 'orderNumber', 'status', 'state', 'revision'] as const).map(
  (property) => ({ property }),
);
const summaryColumns = (
  [
    'orderId',
    'clientId',
    'orderNumber',
    'status',
    'companyName',
    'companySector',
    'contactEmail',
    'selectedTemplate',
    'billingPeriod',
    'depositPaid',
    'finalPaid',
    'currentStep',
    'subscriptionStatus',
    'totalAmount',
    'totalWithVat',
    'createdAt',
    'lastActivityAt',
  ] as const
).map((property) => ({ property }));

/** `on conflict (key) do update` every other column: the row becomes the newly folded one. */
function upsertOn<P extends string>(key: P, columns: readonly { property: string }[]) {
  return (column: (property: never) => string) =>
    `on conflict (${column(key as never)}) do update set ${columns
      .filter((c) => c.property !== key)
      .map((c) => `${column(c.property as never)} = excluded.${column(c.property as never)}`)
      .join(', ')}`;
}

function summaryOf(orderId: string, state: OrderState): OrderSummaryRow {
  return {
    orderId,
    clientId: state.clientId,
    orderNumber: state.orderNumber,
    status: state.status,
    companyName: state.form.companyName ?? '',
    companySector: state.form.companySector ?? '',
    contactEmail: state.form.contactEmail ?? '',
    selectedTemplate: state.form.selectedTemplate ?? null,
    billingPeriod: state.price?.billingPeriod ?? state.form.billingPeriod ?? null,
    depositPaid: state.depositPaid,
    finalPaid: state.finalPaid,
    currentStep: state.currentStep,
    subscriptionStatus: state.subscription.status,
    totalAmount: state.price?.totalAmount ?? null,
    totalWithVat: state.price?.totalWithVat ?? null,
    createdAt: new Date(state.createdAt),
    lastActivityAt: new Date(state.lastActivityAt),
  };
}
