import { type StoredEvent } from '@coseso/event-store/event-store';
import { type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { type Statement } from './bulk-write.js';
import { type Replayer, type ReplayerOptions } from './replay.js';

/** Builds one or more read-model tables from the global log. */
export interface Projector {
  /** Stable name: the checkpoint's key and the operators' handle (`rebuild-projections order-views`). */
  readonly name: string;
  /** Bump it when the tables or the projection logic change: the next start rebuilds the read model. */
  readonly version: number;
  /** The TypeORM entities of the tables it owns; a rebuild recreates exactly these. */
  readonly entities: readonly EntityTarget<ObjectLiteral>[];
  /**
   * Applies a batch of events, as stored, inside the runner's transaction, which also moves the
   * checkpoint. Each event is read through the domain's event reader (upcast, typed). Must ignore an event it has already applied (rows keep their last stream revision),
   * so a replayed batch changes nothing.
   */
  project(events: readonly StoredEvent[], em: EntityManager, memory: ProjectorMemory): Promise<void>;
  /**
   * The batch's writes as statements, not run, when the projector can tell them without reading its
   * tables (from the batch and what it remembers); undefined when it must read first. With them,
   * the live runner sends the batch's whole transaction as one text, one round trip, and calls
   * `project` only when it cannot. Unlike `project`'s, these events are all new to the tables (the
   * runner checks the checkpoint in the same transaction). The rows must be those `project` would leave.
   */
  writes?(
    events: readonly StoredEvent[],
    em: EntityManager,
    memory: ProjectorMemory,
  ): Statement[] | undefined;
  /**
   * A rebuild's faster way to the same rows, where the projector has one (a new one for each
   * rebuild, as it may keep state between batches); without it, the rebuild calls `project`.
   */
  readonly replayer?: (options?: ReplayerOptions) => Replayer;
}

/**
 * What a projector may remember between its batches in one process (the rows it last wrote, say)
 * instead of reading them back. Its caller vouches for it: the runner empties it whenever its
 * tables may have moved without it (a transaction that failed, another process's batch, a
 * rebuild), and a rebuild gives each replay a memory of its own. Least recently used entries go
 * first past `capacity`, so it stays the same size however long the log.
 */
export class ProjectorMemory<Value = unknown> {
  private readonly entries = new Map<string, Value>();

  constructor(readonly capacity = 2_000) {}

  get(key: string): Value | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: Value): void {
    this.entries.delete(key); // re-inserted last: the Map's order is the least recently used first
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}
