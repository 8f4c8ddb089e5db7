import { describeOrderEvent } from '@coseso/domain/orders/order-event-description';
import { orderStreamId, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type OrderState, initialOrderState } from '@coseso/domain/orders/order-state';
import { evolve } from '@coseso/domain/orders/order-evolve';
import { type EventStore } from '@coseso/event-store/event-store';
import { type StateChange, diffOrderStates } from './order-state-diff.js';

export interface ReplayStep {
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly description: string;
  readonly actor: { kind: string; id: string };
  readonly occurredAt: string;
  readonly recordedAt: string;
  readonly data: unknown;
  /** The event's link in the stream's hash chain. */
  readonly hash: string | null;
  /** The order as it stood right after this event. */
  readonly state: OrderState;
  /** What this event changed in the order. */
  readonly changes: readonly StateChange[];
}

/** An order's history from its own stream, each event with who, when, and the state it left the order in. */
export async function replayOrder(store: EventStore, orderId: string): Promise<ReplayStep[]> {
  const events = await store.readStream(orderStreamId(orderId));
  let state = initialOrderState();
  return events.map((stored) => {
    const event = readOrderEvent(stored);
    const before = state;
    state = evolve(state, event);
    return {
      revision: Number(stored.streamRevision),
      position: Number(stored.position),
      type: event.type,
      description: describeOrderEvent(event),
      actor: event.metadata.actor,
      occurredAt: event.metadata.occurredAt,
      recordedAt: stored.recordedAt.toISOString(),
      data: stored.data,
      hash: stored.hash ?? null,
      state,
      changes: diffOrderStates(before, state),
    };
  });
}

/** The last step that had happened at `at` (by the events' own time), or null before the order existed. */
export const stepAt = (steps: readonly ReplayStep[], at: Date): ReplayStep | null =>
  steps.findLast((step) => new Date(step.occurredAt) <= at) ?? null;
