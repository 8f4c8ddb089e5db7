import { randomUUID } from 'node:crypto';
import { actors } from '@coseso/domain/orders/testing/order-test-kit';
import { currentDefinition } from '@coseso/event-schemas/catalog';
import { type StoredEvent } from '@coseso/event-store/event-store';

/** What a projector is handed of an event: its type, data and metadata as written. */
interface WrittenEvent {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: { readonly occurredAt: string } & Readonly<Record<string, unknown>>;
}

let position = 0n;

/** `events` as the log hands them to a projector: one stream's, numbered from revision `from`, after every earlier call's. */
export const stored = (streamId: string, events: readonly WrittenEvent[], from = 0): StoredEvent[] =>
  events.map((event, revision) => ({
    streamId,
    streamRevision: BigInt(from + revision),
    position: ++position,
    checkpoint: null as never,
    eventId: randomUUID(),
    type: event.type,
    schemaVersion: currentDefinition(event.type).schemaVersion,
    data: event.data,
    metadata: event.metadata,
    recordedAt: new Date(event.metadata.occurredAt),
  }));

/** The client's ClientDataErased, naming its orders, as an admin records it. */
export const clientErasure = (clientId: string, orderIds: readonly string[], revision = 2): StoredEvent[] =>
  stored(
    `client-${clientId}`,
    [
      {
        type: 'ClientDataErased',
        data: { clientId, orderIds, reason: 'Demande du client', plaintextEvents: 0 },
        metadata: { actor: actors.admin, occurredAt: '2026-12-01T10:00:00.000Z' },
      },
    ],
    revision,
  );
