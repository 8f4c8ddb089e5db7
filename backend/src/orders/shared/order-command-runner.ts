import { randomUUID } from 'node:crypto';
import { type Actor } from '@coseso/event-schemas/envelope';
import { currentDefinition, validateEvent } from '@coseso/event-schemas/catalog';
import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { upcast } from '@coseso/event-schemas/upcasters';
import { type OrderCommand, type OrderCommandInput } from '@coseso/domain/orders/order-commands';
import { decide } from '@coseso/domain/orders/order-decider';
import { type RecordedOrderEvent, foldOrder } from '@coseso/domain/orders/order-state';
import { type EventStore, type StoredEvent, isWrongExpectedRevision } from '@coseso/event-store/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '../../infra/tokens.js';

/** Who sent a command and from where: becomes the events' metadata. */
export interface CommandContext {
  readonly actor: Actor;
  readonly commandId?: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly ip?: string;
}

export interface CommandOutcome {
  readonly events: readonly OrderEvent[];
  /** Global position of the last event appended (or appended by the same command earlier); null when nothing was appended. */
  readonly position: bigint | null;
  /** true when this command id had already been applied: nothing new was appended. */
  readonly duplicate: boolean;
}

const MAX_ATTEMPTS = 8;
export const orderStream = (orderId: string) => `order-${orderId}`;

/**
 * The write side's one loop: read the order's stream, fold it, decide, append with the expected
 * revision; on a concurrent write, start again after a short random pause (a few times, then the
 * conflict reaches the client as a 409).
 */
@Injectable()
export class OrderCommandRunner {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async run(orderId: string, command: OrderCommandInput, context: CommandContext): Promise<CommandOutcome> {
    const commandId = context.commandId ?? randomUUID();
    const stream = orderStream(orderId);
    for (let attempt = 1; ; attempt++) {
      const history = await this.store.readStream(stream);
      const earlier = history.filter((e) => e.metadata['commandId'] === commandId);
      if (earlier.length > 0)
        return { events: [], position: earlier[earlier.length - 1]!.position, duplicate: true };

      const now = new Date().toISOString();
      const events = decide(
        { ...command, actor: context.actor, now } as OrderCommand,
        foldOrder(history.map(toRecorded)),
      );
      if (events.length === 0) return { events, position: null, duplicate: false };

      const metadata = {
        actor: context.actor,
        commandId,
        correlationId: context.correlationId ?? commandId,
        causationId: context.causationId ?? commandId,
        occurredAt: now,
        ...(context.ip ? { ip: context.ip } : {}),
      };
      const toAppend = events.map((event) => {
        const { schemaVersion } = currentDefinition(event.type);
        const validation = validateEvent({ type: event.type, schemaVersion, data: event.data, metadata });
        if (!validation.ok)
          throw new Error(`${event.type} does not conform to its schema: ${validation.problems.join('; ')}`);
        return { type: event.type, schemaVersion, data: event.data, metadata };
      });
      try {
        const last = history[history.length - 1];
        const result = await this.store.appendToStream(stream, toAppend, {
          expectedRevision: last ? last.streamRevision : 'no_stream',
          commandId,
        });
        return {
          events: result.duplicate ? [] : events,
          position: result.position,
          duplicate: result.duplicate,
        };
      } catch (error) {
        if (!isWrongExpectedRevision(error) || attempt >= MAX_ATTEMPTS) throw error;
        // Spread the racing writers out so they do not collide again on the next revision.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
  }
}

const toRecorded = (event: StoredEvent) => upcast(event) as unknown as RecordedOrderEvent;
