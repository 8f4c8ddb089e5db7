import { describeOrderEvent } from '@coseso/domain/orders/order-event-description';
import { isOrderStream, orderIdOf, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { type EntityManager } from 'typeorm';
import { bulkInsert } from '../../bulk-write.js';
import { type Projector } from '../../projector.js';
import { OrderTimelineRow } from './order-timeline.entity.js';

const columns = (
  ['orderId', 'revision', 'position', 'type', 'occurredAt', 'actorKind', 'actorId', 'description'] as const
).map((property) => ({ property }));

export const orderTimelineProjector: Projector = {
  name: 'order-timeline',
  version: 1,
  entities: [OrderTimelineRow],
  async project(events: readonly StoredEvent[], em: EntityManager) {
    const rows = events
      // The client's timeline of their project: staff downloading its evidence is not a step of it.
      .filter((e) => isOrderStream(e.streamId) && e.type !== 'EvidenceBundleExported')
      .map((e): OrderTimelineRow => {
        const event = readOrderEvent(e);
        return {
          orderId: orderIdOf(e),
          revision: Number(e.streamRevision),
          position: Number(e.position),
          type: event.type,
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
