import { describeOrderEvent } from '@coseso/domain/orders/order-event-description';
import { erasureOf, isOrderStream, orderIdOf, readOrderEvent } from '@coseso/domain/events/event-reader';
import { ERASED, erasePersonalFields } from '@coseso/event-schemas/personal-fields';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { type EntityManager } from 'typeorm';
import { type Statement, bulkInsertStatement, runStatements, tableOf } from '../../bulk-write.js';
import { type Projector } from '../../projector.js';
import { type ShadowTables } from '../../replay.js';
import { OrderTimelineRow } from './order-timeline.entity.js';

const columns = (
  [
    'orderId',
    'revision',
    'position',
    'type',
    'occurredAt',
    'actorKind',
    'actorId',
    'description',
    'erasedDescription',
  ] as const
).map((property) => ({ property }));

// Facts for the team, not steps of the order: an evidence export, an email not delivered, a payment
// signed for a checkout the order never opened.
const notSteps: ReadonlySet<string> = new Set([
  'EvidenceBundleExported',
  'OrderEmailFailed',
  'UnopenedCheckoutPaid',
]);

export const orderTimelineProjector: Projector = {
  name: 'order-timeline',
  // 2: each line's erased form, for the right to be forgotten; 3: payments say TTC, and an offline
  // one its reference and day; 4: every line in French words (the form's fields and a file's
  // category by their names, every amount TTC, days in French)
  version: 4,
  entities: [OrderTimelineRow],
  async project(events: readonly StoredEvent[], em: EntityManager) {
    await runStatements(em, timelineWrites(events, em));
  },
  writes: timelineWrites,
  // Each event comes once: its row is new, appended with COPY.
  replayer: () => ({
    async replay(events: readonly StoredEvent[], shadow: ShadowTables) {
      shadow.append(OrderTimelineRow, timelineRows(events), columns);
      const erased = erasedOrders(events);
      if (erased.length > 0) shadow.run(blanking(shadow.table(OrderTimelineRow), erased));
    },
  }),
};

function timelineWrites(events: readonly StoredEvent[], em: EntityManager): Statement[] {
  // A row per (order, revision): a replayed event hits the primary key and is skipped.
  const rows = bulkInsertStatement(
    em,
    OrderTimelineRow,
    timelineRows(events),
    columns,
    () => 'on conflict do nothing',
  );
  const erased = erasedOrders(events);
  return [
    ...(rows ? [rows] : []),
    ...(erased.length > 0 ? [blanking(tableOf(em, OrderTimelineRow), erased)] : []),
  ];
}

/** After the rows of its batch: an erasure blanks every line of the orders written before it. */
const blanking = (table: string, orderIds: string[]): Statement => ({
  sql: `update ${table} set description = erased_description
        where order_id = any($1::uuid[]) and erased_description is not null`,
  params: [orderIds],
});

function timelineRows(events: readonly StoredEvent[]): OrderTimelineRow[] {
  return (
    events
      // The client's timeline of their project: staff downloading its evidence, or the team's notice
      // of an email that did not go, is not a step of it.
      .filter((e) => isOrderStream(e.streamId) && !notSteps.has(e.type))
      .map((e): OrderTimelineRow => {
        const event = readOrderEvent(e);
        const description = describeOrderEvent(event);
        const withoutPersonal = erasePersonalFields(event);
        // Nothing personal in it (erasing copies only what it changes): the same line either way.
        const erased =
          withoutPersonal.data === event.data && withoutPersonal.metadata === event.metadata
            ? description
            : describeOrderEvent(withoutPersonal);
        return {
          orderId: orderIdOf(e),
          revision: Number(e.streamRevision),
          position: Number(e.position),
          type: event.type,
          occurredAt: new Date(event.metadata.occurredAt),
          actorKind: event.metadata.actor.kind,
          actorId: event.metadata.actor.id,
          description,
          // Kept where the line names someone, read from the log in clear or already erased (rebuild).
          erasedDescription: erased !== description || description.includes(ERASED) ? erased : null,
        };
      })
  );
}

/** The orders whose contact an event of the batch erased: a client's, or one order's own. */
const erasedOrders = (events: readonly StoredEvent[]): string[] =>
  events.flatMap((e) => erasureOf(e)?.orderIds ?? []);
