import { describeOrderEvent } from '@coseso/domain/orders/order-event-description';
import { orderStreamId, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type OrderState, evolve, initialOrderState } from '@coseso/domain/orders/order-state';
import { type EventStore } from '@coseso/event-store/event-store';

export interface ReplayStep {
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly description: string;
  readonly actor: { kind: string; id: string };
  readonly occurredAt: string;
  readonly data: unknown;
  /** The order as it stood right after this event. */
  readonly state: OrderState;
}

/** An order's history from its own stream, each event with who, when, and the state it left the order in. */
export async function replayOrder(store: EventStore, orderId: string): Promise<ReplayStep[]> {
  const events = await store.readStream(orderStreamId(orderId));
  let state = initialOrderState();
  return events.map((stored) => {
    const event = readOrderEvent(stored);
    state = evolve(state, event);
    return {
      revision: Number(stored.streamRevision),
      position: Number(stored.position),
      type: event.type,
      description: describeOrderEvent(event),
      actor: event.metadata.actor,
      occurredAt: event.metadata.occurredAt,
      data: stored.data,
      state,
    };
  });
}
