import {
  isClientStream,
  isOrderStream,
  orderIdOf,
  readClientEvent,
  readOrderEvent,
} from '@coseso/domain/events/event-reader';
import { paymentStanding } from '@coseso/domain/orders/admin-order-view';
import { orderMoveFacts, orderMoves } from '@coseso/domain/orders/order-moves';
import {
  isEmptyDraft,
  noStatistics,
  statisticKeys,
  statisticsContribution,
} from '@coseso/domain/orders/admin-statistics';
import { erasePersonalData } from '@coseso/domain/orders/order-personal-data';
import { type OrderState, initialOrderState } from '@coseso/domain/orders/order-state';
import { evolve } from '@coseso/domain/orders/order-evolve';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { type EntityManager, In } from 'typeorm';
import { type Statement, bulkInsertStatement, runStatements, togetherStatement } from '../../bulk-write.js';
import { type Projector, type ProjectorMemory } from '../../projector.js';
import { type ReplayerOptions, type ShadowTables } from '../../replay.js';
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
  // 7: the state's review keeps the approval receipt; 8: the state keeps the refunds of payments it refused;
  // 9: the state keeps the emails the queue gave up on; 10: the summary counts them (failedEmails);
  // 11: the state's review keeps every round, the team's requests and the cancellation's terms;
  // 12: the allowed actions (offline first payment, no unpaid forced contract) and the statistics
  // (no offline subscription, erased orders wait for no payment); 13: the state says when its
  // client's data was erased (clientDataErasedAt), so the panel stops offering the erasure;
  // 14: the state keeps the refunds the provider reports of payments it accepted (providerRefunds);
  // 15: the state keeps what each renewal paid (subscription.renewalPayments), a renewal's refund among them;
  // 16: the state says when it entered its status and when a payment link failed; the summary has the next step;
  // 17: the state keeps where its conversation stands (conversation: messages, each side's read mark);
  // 18: the state keeps the payments of checkouts it never opened (unopenedCheckoutPayments);
  // 19: the state keeps the refunds asked of the provider (refundRequests, guaranteeRefund), the
  // offline payments' means and the first payment request's day;
  // 20: the state keeps the latest reactivation and its reason (reactivation);
  // 21: a reactivation resumes where the order was cancelled and sets aside the payments refunded in full (returnedPayments)
  // 22: a guarantee refund that fails after the reactivation gives the first payment back (no longer owed again)
  // 23: the summary keeps the first payment a reactivated order owes again (its payment badge says it)
  // 24: the state's subscription says it ended with the order (endedWithOrder), so a reactivation restarts it
  // 25: the summary no longer stores the allowed actions nor the next step (computed when read)
  // 26: the summary stores the facts the moves are computed from (move_facts), so the list reads no folded state
  // 27: a refund that fails after the reactivation gives the final payment back too (held, not asked again)
  // 28: the state and the summary keep the catalogue version the order was priced at
  // 29: the move facts keep how the cancellation treated the guarantee (a version 1 one waits for a pending refund)
  // 30: the state keeps the terms of the catalogue version the order was priced at (order-terms.ts)
  version: 30,
  entities: [OrderDetailRow, OrderSummaryRow, AdminStatisticsRow],
  async project(events: readonly StoredEvent[], em: EntityManager, memory: ProjectorMemory) {
    const batch = recalled(events, memory);
    if (!batch) return;
    if (batch.unknown.length > 0) {
      const stored = await em.getRepository(OrderDetailRow).find({
        where: { orderId: In(batch.unknown) },
        select: { orderId: true, state: true, revision: true },
      });
      for (const row of stored) batch.known.set(row.orderId, { state: row.state, revision: row.revision });
    }
    await runStatements(em, liveWrites(em, batch, memory));
  },
  writes(events: readonly StoredEvent[], em: EntityManager, memory: ProjectorMemory) {
    const batch = recalled(events, memory);
    if (!batch) return [];
    // Orders it does not remember must be read back first, but for those the batch creates: every
    // event given here is new to the tables, so an order's event at revision 0 is its first.
    const created = new Set(
      batch.orderEvents.filter((e) => !isErasure(e) && Number(e.streamRevision) === 0).map(orderIdOf),
    );
    return batch.unknown.some((id) => !created.has(id)) ? undefined : liveWrites(em, batch, memory);
  },
  replayer: ({ heldRows = HELD_ORDERS }: ReplayerOptions = {}) => {
    /**
     * Orders folded, least recently changed first, with the row the tables hold of each (null: none
     * yet). An order is written when it leaves this map or at the end: once, however many batches
     * change it, unless it is pushed out and comes back.
     */
    const held = new Map<string, Held>();
    /** The orders the previous batch wrote, as it wrote them: its writes may still be running. */
    let previous = new Map<string, Written>();

    /** Writes these orders: new rows appended with COPY, the others upserted, the statistics moved. */
    const write = (orders: ReadonlyMap<string, Held>, shadow: ShadowTables) => {
      const folded = (order: Held): Folded => ({
        state: order.state,
        revision: order.revision,
        before: order.written?.state ?? initialOrderState(),
        changed: true,
      });
      const fresh = new Map(
        [...orders].filter(([, o]) => o.written === null).map(([id, o]) => [id, folded(o)]),
      );
      const rest = new Map(
        [...orders].filter(([, o]) => o.written !== null).map(([id, o]) => [id, folded(o)]),
      );
      shadow.append(
        OrderDetailRow,
        [...fresh].map(([orderId, order]) => detailOf(orderId, order)),
        detailColumns,
      );
      shadow.append(
        OrderSummaryRow,
        [...fresh].map(([orderId, { state }]) => summaryOf(orderId, state)),
        summaryColumns,
      );
      shadow.run(togetherStatement(writesOf(shadow.manager, rest, fresh)));
      return new Map([...orders].map(([id, { state, revision }]) => [id, { state, revision }]));
    };

    return {
      async replay(events: readonly StoredEvent[], shadow: ShadowTables) {
        const orderEvents = events.filter(isOrderViewsEvent);
        if (orderEvents.length === 0) return;
        const ids = ordersOf(orderEvents);
        // Orders neither held nor just written: in the tables, or new.
        const unknown = ids.filter((id) => !held.has(id) && !previous.has(id));
        const stored =
          unknown.length === 0
            ? []
            : await shadow.read<{ order_id: string; state: OrderState; revision: number }>(
                `select order_id, state, revision from ${shadow.table(OrderDetailRow)} where order_id = any($1::uuid[])`,
                [unknown],
              );
        const written = new Map<string, Written>();
        for (const [id, row] of previous) written.set(id, row);
        for (const row of stored) written.set(row.order_id, { state: row.state, revision: row.revision });
        const known = new Map<string, Written>();
        for (const id of ids) {
          const row = held.get(id) ?? written.get(id);
          if (row) known.set(id, row);
        }
        for (const [id, order] of fold(orderEvents, known)) {
          if (!order.changed) continue;
          const before = held.get(id);
          held.delete(id); // inserted again last: the most recently changed
          held.set(id, {
            state: order.state,
            revision: order.revision,
            written: before ? before.written : (written.get(id) ?? null),
          });
        }
        // The least recently changed go to the tables, beyond what may be held.
        const leaving = new Map<string, Held>();
        for (const [id, order] of held) {
          if (held.size - leaving.size <= heldRows) break;
          leaving.set(id, order);
        }
        for (const id of leaving.keys()) held.delete(id);
        previous = leaving.size > 0 ? write(leaving, shadow) : new Map();
      },
      flush(shadow: ShadowTables) {
        if (held.size > 0) write(held, shadow);
        held.clear();
        previous = new Map();
      },
    };
  },
};

/** An order's row as written: its state and the stream revision it stands at. */
interface Written {
  readonly state: OrderState;
  readonly revision: number;
}

/** An order a rebuild holds folded: its state, and the row the tables hold of it (null: none yet). */
interface Held extends Written {
  readonly written: Written | null;
}

/**
 * Orders a rebuild holds folded before it writes them: a few thousand orders are under way at any
 * time of an agency's log, each state some kilobytes.
 */
const HELD_ORDERS = 5_000;

interface Folded extends Written {
  /** Its state before the batch (the initial state for an order the tables do not hold). */
  readonly before: OrderState;
  readonly changed: boolean;
}

/**
 * The batch's order events, with the orders the projector remembers (the rows it wrote last) and
 * those it does not; null when the batch has no order event.
 */
function recalled(events: readonly StoredEvent[], memory: ProjectorMemory) {
  const orderEvents = events.filter(isOrderViewsEvent);
  if (orderEvents.length === 0) return null;
  const remembered = memory as ProjectorMemory<Written>;
  const known = new Map<string, Written>();
  const unknown: string[] = [];
  for (const id of ordersOf(orderEvents)) {
    const row = remembered.get(id);
    if (row) known.set(id, row);
    else unknown.push(id);
  }
  return { orderEvents, known, unknown };
}

/**
 * The batch folded onto the orders' rows (`known`: all of them by now), as one statement writing
 * the three tables; the folded orders are remembered for the next batch.
 */
function liveWrites(
  em: EntityManager,
  { orderEvents, known }: { orderEvents: readonly StoredEvent[]; known: ReadonlyMap<string, Written> },
  memory: ProjectorMemory,
): Statement[] {
  const folded = fold(orderEvents, known);
  const statement = togetherStatement(writesOf(em, folded));
  for (const [id, { state, revision }] of folded)
    (memory as ProjectorMemory<Written>).set(id, { state, revision });
  return statement ? [statement] : [];
}

const isOrderViewsEvent = (e: StoredEvent) => isOrderStream(e.streamId) || isErasure(e);

const ordersOf = (orderEvents: readonly StoredEvent[]) => [
  ...new Set(orderEvents.flatMap((e) => (isErasure(e) ? erasedOrdersOf(e) : [orderIdOf(e)]))),
];

/** The batch folded onto the orders' written states, with the domain's own evolve(). */
function fold(orderEvents: readonly StoredEvent[], written: ReadonlyMap<string, Written>) {
  const folded = new Map<string, Folded>(
    [...written].map(([id, { state, revision }]) => [id, { state, revision, before: state, changed: false }]),
  );
  for (const event of orderEvents) {
    if (isErasure(event)) {
      // The orders' rows read as a rebuild would fold them from the erased events.
      for (const id of erasedOrdersOf(event)) {
        const current = folded.get(id);
        if (current)
          folded.set(id, {
            ...current,
            state: erasePersonalData(current.state, readClientEvent(event).metadata.occurredAt),
            changed: true,
          });
      }
      continue;
    }
    const id = orderIdOf(event);
    const current = folded.get(id) ?? {
      state: initialOrderState(),
      revision: -1,
      before: initialOrderState(),
      changed: false,
    };
    const revision = Number(event.streamRevision);
    if (revision <= current.revision) continue;
    folded.set(id, {
      ...current,
      state: evolve(current.state, readOrderEvent(event)),
      revision,
      changed: true,
    });
  }
  return folded;
}

const detailOf = (orderId: string, { state, revision }: Written): OrderDetailRow => ({
  orderId,
  orderNumber: state.orderNumber,
  status: state.status,
  state,
  revision,
});

/**
 * The upserts of the changed orders' detail and summary, and the statistics moved by each changed
 * order's contribution after the batch minus its contribution before (`alsoCounted`: orders
 * written otherwise, whose contributions count too).
 */
function writesOf(
  em: EntityManager,
  folded: ReadonlyMap<string, Folded>,
  alsoCounted: ReadonlyMap<string, Folded> = new Map(),
) {
  const changed = [...folded].filter(([, order]) => order.changed);
  const delta = noStatistics();
  for (const [, { state, before }] of [...changed, ...alsoCounted]) {
    const after = statisticsContribution(state);
    const previous = statisticsContribution(before);
    for (const key of statisticKeys) delta[key] += after[key] - previous[key];
  }
  return [
    (first: number) =>
      bulkInsertStatement(
        em,
        OrderDetailRow,
        changed.map(([orderId, order]) => detailOf(orderId, order)),
        detailColumns,
        upsertOn('orderId', detailColumns),
        first,
      ),
    (first: number) =>
      bulkInsertStatement(
        em,
        OrderSummaryRow,
        changed.map(([orderId, { state }]) => summaryOf(orderId, state)),
        summaryColumns,
        upsertOn('orderId', summaryColumns),
        first,
      ),
    (first: number) =>
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
  ];
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
    'firstOwedAgainWithVat',
    'currentStep',
    'subscriptionStatus',
    'totalAmount',
    'totalWithVat',
    'catalogueVersion',
    'searchText',
    'emptyDraft',
    'failedEmails',
    'moveFacts',
    'nextActor',
    'waitingSince',
    'paymentFailedAt',
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

const toDate = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

function summaryOf(orderId: string, state: OrderState): OrderSummaryRow {
  // The facts, and only the saved views' keys: the actions and the step themselves are computed when read.
  const moveFacts = orderMoveFacts(state);
  const { nextStep: next, paymentFailedAt } = orderMoves(moveFacts);
  return {
    orderId,
    clientId: state.clientId,
    orderNumber: state.orderNumber,
    status: state.status,
    companyName: state.form.companyName ?? '',
    companySector: state.form.companySector ?? '',
    contactEmail: state.form.contactEmail ?? '',
    selectedTemplate: state.form.selectedTemplate ?? null,
    ...paymentStanding(state),
    currentStep: state.currentStep,
    subscriptionStatus: state.subscription.status,
    totalAmount: state.price?.totalAmount ?? null,
    totalWithVat: state.price?.totalWithVat ?? null,
    catalogueVersion: state.price ? (state.catalogueVersion ?? 1) : null,
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
    failedEmails: state.emailFailures?.length ?? 0,
    moveFacts,
    nextActor: next.actor,
    waitingSince: toDate(next.since),
    paymentFailedAt: toDate(paymentFailedAt),
    createdAt: new Date(state.createdAt),
    lastActivityAt: new Date(state.lastActivityAt),
  };
}
