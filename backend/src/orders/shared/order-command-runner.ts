import { randomUUID } from 'node:crypto';
import { type Actor } from '@coseso/event-schemas/envelope';
import { currentDefinition, validateEvent } from '@coseso/event-schemas/catalog';
import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { upcast } from '@coseso/event-schemas/upcasters';
import { type OrderCommand, type OrderCommandInput } from '@coseso/domain/orders/order-commands';
import { decide } from '@coseso/domain/orders/order-decider';
import {
  type OrderState,
  type RecordedOrderEvent,
  evolve,
  foldOrder,
} from '@coseso/domain/orders/order-state';
import { type EventStore, type StoredEvent, isWrongExpectedRevision } from '@coseso/event-store/event-store';
import { isDomainError } from '@coseso/domain/shared/domain-error';
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
  /** The order after the command (after the earlier run of it, for a duplicate). */
  readonly state: OrderState;
  /** Global position of the last event appended (or appended by the same command earlier); null when nothing was appended. */
  readonly position: bigint | null;
  /** true when this command id had already been applied: nothing new was appended. */
  readonly duplicate: boolean;
}

const MAX_ATTEMPTS = 8;
const CACHED_STREAMS = 10_000;
/** Command ids remembered per stream: retries come within seconds, so the recent ones are enough. */
const REMEMBERED_COMMANDS = 200;

export const orderStream = (orderId: string) => `order-${orderId}`;

/** What the runner knows of a stream: its last revision, the folded state, the latest command ids. */
interface StreamView {
  readonly revision: bigint; // -1 when the stream does not exist
  readonly state: OrderState;
  readonly commands: ReadonlyMap<string, bigint>;
}

const emptyView = (): StreamView => ({ revision: -1n, state: foldOrder([]), commands: new Map() });

/**
 * The write side's one loop: decide on the order's state, append with the expected revision.
 *
 * The state of recently used orders is kept in memory, so a command usually costs one write and no
 * read. That cache is only a guess: the append names the revision it was decided on, so a stale
 * guess is refused by the store (another process wrote meanwhile); the runner then reads what it
 * missed and decides again, after a short random pause, a few times before the client gets a 409.
 * A refusal or a no-op decided on a guess is checked against the store before it is believed.
 */
@Injectable()
export class OrderCommandRunner {
  private readonly views = new Map<string, StreamView>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async run(orderId: string, command: OrderCommandInput, context: CommandContext): Promise<CommandOutcome> {
    const commandId = context.commandId ?? randomUUID();
    const stream = orderStream(orderId);
    let view = this.views.get(stream);
    let verified = view === undefined;
    view ??= await this.catchUp(stream, emptyView());

    for (let attempt = 1; ; attempt++) {
      const earlier = view.commands.get(commandId);
      if (earlier !== undefined) return { events: [], state: view.state, position: earlier, duplicate: true };

      const now = new Date().toISOString();
      let events: OrderEvent[];
      try {
        events = decide({ ...command, actor: context.actor, now } as OrderCommand, view.state);
      } catch (error) {
        if (verified || !isDomainError(error)) throw error;
        view = await this.catchUp(stream, view);
        verified = true;
        continue;
      }
      if (events.length === 0) {
        if (verified) return { events, state: view.state, position: null, duplicate: false };
        view = await this.catchUp(stream, view);
        verified = true;
        continue;
      }

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
      let result;
      try {
        result = await this.store.appendToStream(stream, toAppend, {
          expectedRevision: view.revision < 0n ? 'no_stream' : view.revision,
          commandId,
        });
      } catch (error) {
        if (!isWrongExpectedRevision(error) || attempt >= MAX_ATTEMPTS) throw error;
        // Spread the racing writers out so they do not collide again on the next revision.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        view = await this.catchUp(stream, view);
        verified = true;
        continue;
      }
      if (result.duplicate) {
        view = await this.catchUp(stream, view);
        return { events: [], state: view.state, position: result.position, duplicate: true };
      }
      const state = toAppend.reduce(
        (current, appended, i) =>
          evolve(current, { ...events[i]!, metadata: appended.metadata } as RecordedOrderEvent),
        view.state,
      );
      this.remember(stream, {
        revision: result.nextRevision,
        state,
        commands: withCommand(view.commands, commandId, result.position),
      });
      return { events, state, position: result.position, duplicate: false };
    }
  }

  /** The order as the store has it now (for jobs and reactions; HTTP reads use the read models). */
  async current(orderId: string): Promise<OrderState> {
    const stream = orderStream(orderId);
    return (await this.catchUp(stream, this.views.get(stream) ?? emptyView())).state;
  }

  /** Reads what happened on the stream since `view` and folds it in. */
  private async catchUp(stream: string, view: StreamView): Promise<StreamView> {
    const events = await this.store.readStream(stream, { fromRevision: view.revision + 1n });
    let { state, commands, revision } = view;
    for (const stored of events) {
      state = evolve(state, toRecorded(stored));
      revision = stored.streamRevision;
      const commandId = stored.metadata['commandId'];
      if (typeof commandId === 'string') commands = withCommand(commands, commandId, stored.position);
    }
    const caughtUp = { revision, state, commands };
    if (revision >= 0n) this.remember(stream, caughtUp);
    return caughtUp;
  }

  private remember(stream: string, view: StreamView) {
    this.views.delete(stream); // re-inserted last: the Map's order is the least recently used first
    this.views.set(stream, view);
    if (this.views.size > CACHED_STREAMS) this.views.delete(this.views.keys().next().value!);
  }
}

/**
 * Remembers that a command landed at a position. In place: the map belongs to this stream's view
 * alone, and it only ever learns commands that really were appended.
 */
function withCommand(
  commands: ReadonlyMap<string, bigint>,
  commandId: string,
  position: bigint,
): ReadonlyMap<string, bigint> {
  const map = commands as Map<string, bigint>;
  map.delete(commandId);
  map.set(commandId, position);
  if (map.size > REMEMBERED_COMMANDS) map.delete(map.keys().next().value!);
  return map;
}

const toRecorded = (event: StoredEvent) => upcast(event) as unknown as RecordedOrderEvent;
