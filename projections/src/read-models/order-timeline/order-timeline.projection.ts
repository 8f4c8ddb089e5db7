import { describeOrderEvent } from '@coseso/domain/orders/order-event-description';
import { type RecordedOrderEvent } from '@coseso/domain/orders/order-state';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { type EntityManager } from 'typeorm';
import { bulkInsert } from '../../bulk-write.js';
import { type Projector } from '../../projector.js';
import { OrderTimelineRow } from './order-timeline.entity.js';

const ORDER_STREAM = 'order-';
const columns = (
  ['orderId', 'revision', 'position', 'type', 'occurredAt', 'actorKind', 'actorId', 'description'] as const
).map((property) => ({ property }));

export const orderTimelineProjector: Projector = {
  name: 'order-timeline',
  version: 1,
  entities: [OrderTimelineRow],
  async project(events: readonly StoredEvent[], em: EntityManager) {
    const rows = events
      .filter((e) => e.streamId.startsWith(ORDER_STREAM))
      .map((e): OrderTimelineRow => {
        const event = e as unknown as RecordedOrderEvent;
        return {
          orderId: e.streamId.slice(ORDER_STREAM.length),
          revision: Number(e.streamRevision),
          position: Number(e.position),
          type: e.type,
          occurredAt: new Date(event.metadata.occurredAt),
          actorKind: event.metadata.actor.kind,
          actorId: event.metadata.actor.id,
          description: describeOrderEvent(event),
        };
      });
    // A row per (order, revision): a replayed event hits the primary key and is skipped.
    await bulkInsert(em, OrderTimelineRow, rows, columns, () => 'on conflict do nothing');
  },
};
