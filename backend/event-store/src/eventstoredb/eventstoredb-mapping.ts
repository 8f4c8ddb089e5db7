/**
 * The pure half of the EventStoreDB adapter: how the port's values are written to and read from
 * EventStoreDB, with no client and no I/O, so it can be unit tested.
 */
import type { AppendExpectedRevision, CurrentRevision } from '@eventstore/db-client';
import type { ExpectedRevision, LogCheckpoint } from '../event-store.js';

/** A place in EventStoreDB's transaction log, as the client reports it. */
export interface LogPosition {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const encodeCheckpoint = ({ commit, prepare }: LogPosition) => `${commit}:${prepare}` as LogCheckpoint;

export function decodeCheckpoint(checkpoint: LogCheckpoint): LogPosition {
  const match = /^(\d+):(\d+)$/.exec(checkpoint);
  if (!match) throw new Error(`not an EventStoreDB event store checkpoint: ${checkpoint}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

/** Orders two log positions as $all does: by commit, then prepare. */
export function compareLogPositions(a: LogPosition, b: LogPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export const isAfter = (position: LogPosition, cursor: LogPosition | null) =>
  cursor === null || compareLogPositions(position, cursor) > 0;

/**
 * Our `position` is the prepare position (see the adapter). An append is written as consecutive
 * prepare records, one per event, so prepare order is $all order and the event at `position` is
 * at or before a checkpoint exactly when its prepare position is not beyond the checkpoint's.
 */
export function isPositionAtOrBefore(position: bigint, checkpoint: LogCheckpoint | null): boolean {
  if (checkpoint === null) return false;
  return position <= decodeCheckpoint(checkpoint).prepare;
}

export const toEsdbExpectedRevision = (expected: ExpectedRevision): AppendExpectedRevision =>
  expected === 'no_stream' ? 'no_stream' : expected === 'any' ? 'any' : expected;

/** The server reports a missing stream as no revision or, through some paths, as -1. */
export const toActualRevision = (current: CurrentRevision): bigint | 'no_stream' =>
  current === 'no_stream' || current < 0n ? 'no_stream' : current;

/** Event types starting with `$` are EventStoreDB's own (stats, metadata, projection links). */
export const isSystemEventType = (type: string) => type.startsWith('$');

/** A name-based (version 5) UUID, as in RFC 4122 §4.3. */
const SCHEMA_VERSION_KEY = '$schemaVersion';
const COMMAND_ID_KEY = '$commandId';
const APPEND_ID_KEY = '$appendId';
const HASH_KEY = '$hash';
const RESERVED_KEYS = [SCHEMA_VERSION_KEY, COMMAND_ID_KEY, APPEND_ID_KEY, HASH_KEY];

export interface ReservedMetadata {
  readonly schemaVersion: number;
  readonly commandId?: string;
  /** Unique per append call: tells our own write apart from an earlier one EventStoreDB deduplicated. */
  readonly appendId?: string;
  /** The event's link in its stream's hash chain (hash-chain.ts), over our metadata without these fields. */
  readonly hash?: string;
}

/** Our metadata with the fields EventStoreDB has no place for under reserved keys. */
export function wrapMetadata(
  metadata: Readonly<Record<string, unknown>>,
  reserved: ReservedMetadata,
): Record<string, unknown> {
  const clash = RESERVED_KEYS.find((key) => key in metadata);
  if (clash) throw new Error(`event metadata may not use the reserved key ${clash}`);
  return {
    ...metadata,
    [SCHEMA_VERSION_KEY]: reserved.schemaVersion,
    ...(reserved.commandId === undefined ? {} : { [COMMAND_ID_KEY]: reserved.commandId }),
    ...(reserved.appendId === undefined ? {} : { [APPEND_ID_KEY]: reserved.appendId }),
    ...(reserved.hash === undefined ? {} : { [HASH_KEY]: reserved.hash }),
  };
}

/**
 * Splits stored metadata back into ours and the reserved fields. An event written by someone else
 * (no or non-JSON metadata, no schema version) reads as schema version 1 with its plain metadata.
 */
export function unwrapMetadata(stored: unknown): ReservedMetadata & { metadata: Record<string, unknown> } {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored) || stored instanceof Uint8Array)
    return { metadata: {}, schemaVersion: 1 };
  const {
    [SCHEMA_VERSION_KEY]: schemaVersion,
    [COMMAND_ID_KEY]: commandId,
    [APPEND_ID_KEY]: appendId,
    [HASH_KEY]: hash,
    ...metadata
  } = stored as Record<string, unknown>;
  return {
    metadata,
    schemaVersion: typeof schemaVersion === 'number' ? schemaVersion : 1,
    ...(typeof commandId === 'string' ? { commandId } : {}),
    ...(typeof appendId === 'string' ? { appendId } : {}),
    ...(typeof hash === 'string' ? { hash } : {}),
  };
}
