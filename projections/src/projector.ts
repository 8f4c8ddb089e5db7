import { type StoredEvent } from '@coseso/event-store/event-store';
import { type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { type Replayer } from './replay.js';

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
  project(events: readonly StoredEvent[], em: EntityManager): Promise<void>;
  /**
   * A rebuild's faster way to the same rows, where the projector has one (a new one for each
   * rebuild, as it may keep state between batches); without it, the rebuild calls `project`.
   */
  readonly replayer?: () => Replayer;
}
