import { randomUUID } from 'node:crypto';
import { type StoredEventRecord } from '@coseso/domain/events/event-reader';
import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import { type Decider, type Recorded } from '@coseso/domain/shared/decider';
import { isDomainError } from '@coseso/domain/shared/domain-error';
import { currentDefinition, validateEvent } from '@coseso/event-schemas/catalog';
import { type EventStore, isWrongExpectedRevision } from '@coseso/event-store/event-store';
import { type EventMetadata } from '@coseso/event-schemas/envelope';
import { type CommandContext } from './command-context.js';
import { refusedAt } from '../infra/http/refusal-position.js';

export interface StreamCommandOutcome<State, Event> {
  readonly events: readonly Event[];
  /** The stream's state after the command (after the earlier run of it, for a duplicate). */
  readonly state: State;
  /** Global position of the last event appended (or appended by the same command earlier); null when nothing was appended. */
  readonly position: bigint | null;
  /** true when this command id had already been applied: nothing new was appended. */
  readonly duplicate: boolean;
  /** When the runner's Clock says the command was run (its events' `occurredAt` when any): answers read time from it. */
  readonly at: string;
}

const MAX_ATTEMPTS = 8;
const CACHED_STREAMS = 10_000;
/** Command ids remembered per stream: retries come within seconds, so the recent ones are enough. */
const REMEMBERED_COMMANDS = 200;

/** What the runner knows of a stream: its last revision, the folded state, the latest command ids. */
interface StreamView<State> {
  readonly revision: bigint; // -1 when the stream does not exist
  /** The global position of the stream's last event; null when the stream does not exist. */
  readonly position: bigint | null;
  readonly state: State;
  readonly commands: ReadonlyMap<string, bigint>;
}

/** A command as the application sends it: the runner adds who (`actor`) and when (`now`). */
export type CommandInput<Command> = Command extends unknown ? Omit<Command, 'actor' | 'now'> : never;

/** One kind of stream: its rules, how its streams are named, and how its stored events are read. */
export interface StreamType<Command, State, Event> {
  readonly decider: Decider<Command, State, Event>;
  readonly streamId: (id: string) => string;
  readonly read: (record: StoredEventRecord) => Recorded<Event>;
}

/**
 * The write side's one loop: decide on the stream's state, append with the expected revision.
 *
 * The state of recently used streams is kept in memory, so a command usually costs one write and no
 * read. That cache is only a guess: the append names the revision it was decided on, so a stale
 * guess is refused by the store (another process wrote meanwhile); the runner then reads what it
 * missed and decides again, after a short random pause, a few times before the client gets a 409.
 * A refusal or a no-op decided on a guess is checked against the store before it is believed.
 */
export class StreamCommandRunner<
  Command extends { readonly type: string },
  State,
  Event extends { readonly type: string; readonly data: unknown },
> {
  private readonly views = new Map<string, StreamView<State>>();

  /**
   * @param validatesAppends checks each event the decider built against its JSON Schema before
   * appending it. The tests (every path of the decider, through the API) do; production does not
   * pay for it on every write: the decider's events are typed, and what is read back from the log
   * (upcasts included) is still checked when read.
   * @param clock when each command happens (its events' `occurredAt`, the decider's `now`).
   */
  constructor(
    private readonly store: EventStore,
    private readonly streams: StreamType<Command, State, Event>,
    private readonly validatesAppends = true,
    private readonly clock: Clock = systemClock,
  ) {}

  run(
    id: string,
    command: CommandInput<Command>,
    context: CommandContext,
  ): Promise<StreamCommandOutcome<State, Event>> {
    return this.runAll(id, [command], context);
  }

  /** Now, as this runner dates commands (the app's Clock): what a rule judged before a command reads. */
  now(): string {
    return this.clock.now().toISOString();
  }

  /**
   * Several commands as one: each is decided on the state the previous ones leave, and their events
   * are appended together, under one command id, or not at all (a refused one refuses the batch).
   */
  async runAll(
    id: string,
    commands: readonly CommandInput<Command>[],
    context: CommandContext,
  ): Promise<StreamCommandOutcome<State, Event>> {
    const commandId = context.commandId ?? randomUUID();
    const stream = this.streams.streamId(id);
    let view = this.views.get(stream);
    let verified = view === undefined;
    view ??= await this.catchUp(stream, this.emptyView());

    for (let attempt = 1; ; attempt++) {
      const earlier = view.commands.get(commandId);
      const now = this.clock.now().toISOString();
      if (earlier !== undefined)
        return { events: [], state: view.state, position: earlier, duplicate: true, at: now };

      const metadata = {
        actor: context.actor,
        commandId,
        correlationId: context.correlationId ?? commandId,
        causationId: context.causationId ?? commandId,
        occurredAt: now,
        ...(context.ip ? { ip: context.ip } : {}),
      };
      let events: Event[];
      try {
        events = this.decideAll(commands, metadata, view.state);
      } catch (error) {
        if (!isDomainError(error)) throw error;
        if (verified) throw refusedAt(error, view.position);
        view = await this.catchUp(stream, view);
        verified = true;
        continue;
      }
      if (events.length === 0) {
        if (verified) return { events, state: view.state, position: null, duplicate: false, at: now };
        view = await this.catchUp(stream, view);
        verified = true;
        continue;
      }

      const toAppend = events.map((event) => {
        const { schemaVersion } = currentDefinition(event.type);
        if (this.validatesAppends) {
          const validation = validateEvent({ type: event.type, schemaVersion, data: event.data, metadata });
          if (!validation.ok)
            throw new Error(
              `${event.type} does not conform to its schema: ${validation.problems.join('; ')}`,
            );
        }
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
        return { events: [], state: view.state, position: result.position, duplicate: true, at: now };
      }
      const state = toAppend.reduce(
        (current, appended, i) =>
          this.streams.decider.evolve(current, { ...events[i]!, metadata: appended.metadata }),
        view.state,
      );
      this.remember(stream, {
        revision: result.nextRevision,
        position: result.position,
        state,
        commands: withCommand(view.commands, commandId, result.position),
      });
      return { events, state, position: result.position, duplicate: false, at: now };
    }
  }

  private decideAll(
    commands: readonly CommandInput<Command>[],
    metadata: EventMetadata,
    state: State,
  ): Event[] {
    const { decide, evolve } = this.streams.decider;
    const all: Event[] = [];
    let current = state;
    for (const command of commands) {
      // The input is the command less its actor and time: with them back, it is the whole command.
      const whole = { ...command, actor: metadata.actor, now: metadata.occurredAt } as unknown as Command;
      const events = decide(whole, current);
      // Only a later command of the batch needs the state these events leave.
      if (commands.length > 1)
        current = events.reduce((s, event) => evolve(s, { ...event, metadata }), current);
      all.push(...events);
    }
    return all;
  }

  /** The stream's state as the store has it now (for command handlers; HTTP reads use the read models). */
  async current(id: string): Promise<State> {
    const stream = this.streams.streamId(id);
    return (await this.catchUp(stream, this.views.get(stream) ?? this.emptyView())).state;
  }

  /** Drops what this process remembers of a stream (its folded state may hold erased personal data). */
  forget(id: string): void {
    this.views.delete(this.streams.streamId(id));
  }

  private emptyView(): StreamView<State> {
    return { revision: -1n, position: null, state: this.streams.decider.initialState(), commands: new Map() };
  }

  /** Reads what happened on the stream since `view` and folds it in. */
  private async catchUp(stream: string, view: StreamView<State>): Promise<StreamView<State>> {
    const events = await this.store.readStream(stream, { fromRevision: view.revision + 1n });
    let { state, commands, revision, position } = view;
    for (const stored of events) {
      state = this.streams.decider.evolve(state, this.streams.read(stored));
      revision = stored.streamRevision;
      position = stored.position;
      const commandId = stored.metadata['commandId'];
      if (typeof commandId === 'string') commands = withCommand(commands, commandId, stored.position);
    }
    const caughtUp = { revision, position, state, commands };
    if (revision >= 0n) this.remember(stream, caughtUp);
    return caughtUp;
  }

  private remember(stream: string, view: StreamView<State>) {
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
