import { type LogCheckpoint } from '../event-store.js';
import { commandEventId, uuidV5 } from '../command-event-id.js';
import {
  compareLogPositions,
  decodeCheckpoint,
  encodeCheckpoint,
  isAfter,
  isPositionAtOrBefore,
  isSystemEventType,
  toActualRevision,
  toEsdbExpectedRevision,
  unwrapMetadata,
  wrapMetadata,
} from './eventstoredb-mapping.js';

const checkpoint = (value: string) => value as LogCheckpoint;

describe('checkpoints', () => {
  it('round-trips a log position, beyond the safe integer range', () => {
    const position = { commit: 18446744073709551615n, prepare: 18446744073709551614n };
    expect(encodeCheckpoint(position)).toBe('18446744073709551615:18446744073709551614');
    expect(decodeCheckpoint(encodeCheckpoint(position))).toEqual(position);
  });

  it('refuses what is not one of its checkpoints', () => {
    expect(() => decodeCheckpoint(checkpoint('12'))).toThrow('not an EventStoreDB event store checkpoint');
    expect(() => decodeCheckpoint(checkpoint('a:1'))).toThrow();
    expect(() => decodeCheckpoint(checkpoint('-1:1'))).toThrow();
  });

  it('orders positions by commit, then prepare, as $all does', () => {
    const firstOfAppend = { commit: 100n, prepare: 100n };
    const secondOfAppend = { commit: 100n, prepare: 180n };
    const nextAppend = { commit: 260n, prepare: 260n };
    expect(compareLogPositions(firstOfAppend, secondOfAppend)).toBeLessThan(0);
    expect(compareLogPositions(secondOfAppend, nextAppend)).toBeLessThan(0);
    expect(compareLogPositions(nextAppend, firstOfAppend)).toBeGreaterThan(0);
    expect(compareLogPositions(secondOfAppend, { ...secondOfAppend })).toBe(0);
  });

  it('treats a read from a cursor as exclusive of the cursor', () => {
    const cursor = { commit: 100n, prepare: 180n };
    expect(isAfter(cursor, cursor)).toBe(false);
    expect(isAfter({ commit: 100n, prepare: 100n }, cursor)).toBe(false);
    expect(isAfter({ commit: 260n, prepare: 260n }, cursor)).toBe(true);
    expect(isAfter({ commit: 0n, prepare: 0n }, null)).toBe(true);
  });

  it('compares a position with a checkpoint in reading order', () => {
    const second = checkpoint('100:180');
    expect(isPositionAtOrBefore(100n, second)).toBe(true);
    expect(isPositionAtOrBefore(180n, second)).toBe(true);
    expect(isPositionAtOrBefore(260n, second)).toBe(false);
    expect(isPositionAtOrBefore(100n, null)).toBe(false);
  });
});

describe('revisions', () => {
  it('maps expected revisions to the client', () => {
    expect(toEsdbExpectedRevision('no_stream')).toBe('no_stream');
    expect(toEsdbExpectedRevision('any')).toBe('any');
    expect(toEsdbExpectedRevision(4n)).toBe(4n);
  });

  it('reads a missing stream as no_stream however the server reports it', () => {
    expect(toActualRevision('no_stream')).toBe('no_stream');
    expect(toActualRevision(-1n)).toBe('no_stream');
    expect(toActualRevision(0n)).toBe(0n);
    expect(toActualRevision(7n)).toBe(7n);
  });
});

describe('event ids from a command id', () => {
  it('computes RFC 4122 version 5 UUIDs', () => {
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'python.org')).toBe(
      '886313e1-3b8a-5372-9b90-0c9aee199e5d',
    );
  });

  it('gives the same command the same ids, and anything else other ids', () => {
    const id = commandEventId('order-1', 'cmd-1', 0);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(commandEventId('order-1', 'cmd-1', 0)).toBe(id);
    const others = [
      commandEventId('order-1', 'cmd-1', 1),
      commandEventId('order-1', 'cmd-2', 0),
      commandEventId('order-2', 'cmd-1', 0),
    ];
    expect(new Set([id, ...others]).size).toBe(4);
  });

  it('cannot be fooled by separators inside the stream or command id', () => {
    expect(commandEventId('a', 'b,c', 0)).not.toBe(commandEventId('a,b', 'c', 0));
  });
});

describe('metadata', () => {
  const ours = { actor: { kind: 'system', id: 'test' }, correlationId: 'c-1' };

  it('stores the schema version, command id and append id under reserved keys', () => {
    expect(wrapMetadata(ours, { schemaVersion: 2, commandId: 'cmd-1', appendId: 'append-1' })).toEqual({
      ...ours,
      $schemaVersion: 2,
      $commandId: 'cmd-1',
      $appendId: 'append-1',
    });
    expect(wrapMetadata(ours, { schemaVersion: 1 })).toEqual({ ...ours, $schemaVersion: 1 });
  });

  it('reads the metadata back exactly as written', () => {
    const stored = JSON.parse(
      JSON.stringify(wrapMetadata(ours, { schemaVersion: 3, commandId: 'cmd-1', appendId: 'append-1' })),
    );
    expect(unwrapMetadata(stored)).toEqual({
      metadata: ours,
      schemaVersion: 3,
      commandId: 'cmd-1',
      appendId: 'append-1',
    });
    expect(unwrapMetadata(wrapMetadata({}, { schemaVersion: 1 }))).toEqual({
      metadata: {},
      schemaVersion: 1,
    });
  });

  it('carries the hash chain link under a reserved key, outside the metadata it covers', () => {
    const hash = 'a'.repeat(64);
    const stored = JSON.parse(JSON.stringify(wrapMetadata(ours, { schemaVersion: 1, hash })));
    expect(stored.$hash).toBe(hash);
    expect(unwrapMetadata(stored)).toEqual({ metadata: ours, schemaVersion: 1, hash });
    expect(() => wrapMetadata({ $hash: 'x' }, { schemaVersion: 1 })).toThrow('reserved key $hash');
  });

  it('refuses metadata that uses a reserved key', () => {
    expect(() => wrapMetadata({ $commandId: 'x' }, { schemaVersion: 1 })).toThrow('reserved key $commandId');
  });

  it('reads events written by others as schema version 1', () => {
    expect(unwrapMetadata(undefined)).toEqual({ metadata: {}, schemaVersion: 1 });
    expect(unwrapMetadata(new Uint8Array([1, 2]))).toEqual({ metadata: {}, schemaVersion: 1 });
    expect(unwrapMetadata(['a'])).toEqual({ metadata: {}, schemaVersion: 1 });
    expect(unwrapMetadata({ $correlationId: 'x' })).toEqual({
      metadata: { $correlationId: 'x' },
      schemaVersion: 1,
    });
  });
});

describe('system events', () => {
  it('are the ones whose type starts with $', () => {
    expect(isSystemEventType('$metadata')).toBe(true);
    expect(isSystemEventType('$>')).toBe(true);
    expect(isSystemEventType('OrderPlaced')).toBe(false);
  });
});
