import { randomUUID } from 'node:crypto';
import { orderStreamId } from '@coseso/domain/events/event-reader';
import { type Actor } from '@coseso/event-schemas/envelope';
import { type EventStore } from '@coseso/event-store/event-store';

/**
 * Appends one event to the order's stream as an older version of the app recorded it (its own
 * `schemaVersion` and data, e.g. a version 1 `OrderCancelled`), which no command writes any more:
 * the app then reads it through its upcasters as it reads an old log. Returns the append's position.
 */
export async function appendAsRecorded(
  store: EventStore,
  orderId: string,
  event: { type: string; schemaVersion: number; data: Record<string, unknown> },
  actor: Actor,
): Promise<bigint> {
  const stream = orderStreamId(orderId);
  const [last] = (await store.readStream(stream)).slice(-1);
  const commandId = randomUUID();
  const metadata = {
    actor,
    commandId,
    correlationId: commandId,
    causationId: commandId,
    occurredAt: new Date().toISOString(),
  };
  const appended = await store.appendToStream(stream, [{ ...event, metadata }], {
    expectedRevision: last!.streamRevision,
    commandId,
  });
  return appended.position;
}
