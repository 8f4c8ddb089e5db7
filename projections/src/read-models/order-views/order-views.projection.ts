import {
  isClientStream,
  isOrderStream,
  orderIdOf,
  readClientEvent,
  readOrderEvent,
} from '@coseso/domain/events/event-reader';
import { allowedAdminActions } from '@coseso/domain/orders/admin-actions';
import {
  isEmptyDraft,
  noStatistics,
  statisticKeys,
  statisticsContribution,
} from '@coseso/domain/orders/admin-statistics';
import { erasePersonalData } from '@coseso/domain/orders/order-personal-data';
import { type OrderState, evolve, initialOrderState } from '@coseso/domain/orders/order-state';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { type EntityManager, In } from 'typeorm';
import { bulkInsertStatement, writeTogether } from '../../bulk-write.js';
import { type Projector, type ProjectorMemory } from '../../projector.js';
import { AdminStatisticsRow } from './admin-statistics.entity.js';
import { OrderDetailRow } from './order-detail.entity.js';
import { OrderSummaryRow } from './order-summary.entity.js';

/**
 * Order detail, order summary and the admin statistics, folded with the domain's own evolve(): the
 * read side never re-implements a business rule. The statistics move by each changed order's
 * contribution after the batch minus its contribution before, in the same transaction.
 */
export const orderViewsProjector: Projector = {
  name: 'order-views',
  // 2: the summary names the client account; 3: the state keeps the account manager's payment;
  // 4: the summary has totalAmount (HT) beside totalWithVat, the state's subscription.monthlyWithVat;
  // 5: the summary's search text, empty-draft flag and allowed actions, and the admin statistics;
  // 6: the search text in lower case (searched with LIKE: ILIKE rechecked every candidate slowly);
  // 7: the state's review keeps the approval receipt
  version: 7,
  entities: [OrderDetailRow, OrderSummaryRow, AdminStatisticsRow],
  async project(events: readonly StoredEvent[], em: EntityManager, memory: ProjectorMemory) {
    const orderEvents = events.filter((e) => isOrderStream(e.streamId) || isErasure(e));
    if (orderEvents.length === 0) return;
    const rows = memory as ProjectorMemory<FoldedOrder>;
    const ids = [...new Set(orderEvents.flatMap((e) => (isErasure(e) ? erasedOrdersOf(e) : [orderIdOf(e)])))];
    // The rows this projector wrote last are remembered: only the others are read back.
    const known = ids.flatMap((orderId) => {
      const row = rows.get(orderId);
      return row ? [{ orderId, ...row }] : [];
    });
    const unknown = ids.filter((orderId) => rows.get(orderId) === undefined);
    const existing = [
      ...known,
      ...(unknown.length === 0
        ? []
        : await em.getRepository(OrderDetailRow).find({
            where: { orderId: In(unknown) },
            select: { orderId: true, state: true, revision: true },
          })),
    ];
    const folded = new Map(
      existing.map((row) => [row.orderId, { state: row.state, revision: row.revision, changed: false }]),
    );
    const before = new Map(existing.map((row) => [row.orderId, row.state]));

    for (const event of orderEvents) {
      if (isErasure(event)) {
        // The orders' rows read as a rebuild would fold them from the erased events.
        for (const id of erasedOrdersOf(event)) {
          const current = folded.get(id);
          if (current) folded.set(id, { ...current, state: erasePersonalData(current.state), changed: true });
        }
        continue;
      }
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
    const delta = noStatistics();
    for (const [orderId, { state }] of changed) {
      const after = statisticsContribution(state);
      const previous = statisticsContribution(before.get(orderId) ?? initialOrderState());
      for (const key of statisticKeys) delta[key] += after[key] - previous[key];
    }
    // The three tables in one statement: one round trip per batch.
    await writeTogether(em, [
      (first) =>
        bulkInsertStatement(
          em,
          OrderDetailRow,
          details,
          detailColumns,
          upsertOn('orderId', detailColumns),
          first,
        ),
      (first) =>
        bulkInsertStatement(
          em,
          OrderSummaryRow,
          changed.map(([orderId, { state }]) => summaryOf(orderId, state)),
          summaryColumns,
          upsertOn('orderId', summaryColumns),
          first,
        ),
      (first) =>
        statisticKeys.some((key) => delta[key] !== 0)
          ? bulkInsertStatement(
              em,
              AdminStatisticsRow,
              [{ id: 'all', ...delta }],
              statisticsColumns,
              addedOn,
              first,
            )
          : null,
    ]);
    for (const [orderId, { state, revision }] of folded) rows.set(orderId, { state, revision });
  },
};

/** An order's row as this projector last wrote it. */
interface FoldedOrder {
  readonly state: OrderState;
  readonly revision: number;
}

const isErasure = (e: StoredEvent) => e.type === 'ClientDataErased' && isClientStream(e.streamId);

function erasedOrdersOf(e: StoredEvent): readonly string[] {
  const event = readClientEvent(e);
  return event.type === 'ClientDataErased' ? event.data.orderIds : [];
}

const statisticsColumns = (['id', ...statisticKeys] as const).map((property) => ({ property }));

/** The first batch inserts the row; every later one adds its deltas to it. */
function addedOn(column: (property: keyof AdminStatisticsRow & string) => string) {
  return `on conflict (${column('id')}) do update set ${statisticKeys
    .map((key) => `${column(key)} = admin_statistics.${column(key)} + excluded.${column(key)}`)
    .join(', ')}`;
}

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
    'searchText',
    'emptyDraft',
    'allowedActions',
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
    searchText: [
      state.form.companyName,
      state.form.contactEmail,
      state.form.companySector,
      orderId,
      `#${state.orderNumber}`,
    ]
      .filter(Boolean)
      .join('\n')
      .toLowerCase(),
    emptyDraft: isEmptyDraft(state),
    allowedActions: allowedAdminActions(state),
    createdAt: new Date(state.createdAt),
    lastActivityAt: new Date(state.lastActivityAt),
  };
}
