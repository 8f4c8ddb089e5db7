import { createHash } from 'node:crypto';

/**
 * The tamper-evident chain over each stream (docs/architecture.md §3): an event's hash is
 * `sha256(hash of the stream's previous event ‖ canonical JSON of its type, schemaVersion, data and
 * metadata)`, in lower-case hex, the previous hash being the empty string for a stream's first
 * event. Both adapters write it in the append itself; `verifyHashChain` recomputes it.
 *
 * Anyone can re-verify it offline with any SHA-256 tool: the bytes hashed are the UTF-8 of the
 * previous hash's 64 hex characters followed by the canonical JSON.
 */

/**
 * JSON with object keys sorted (by UTF-16 code units, as RFC 8785) and no whitespace; otherwise
 * what JSON.stringify writes (same numbers, same string escapes, `toJSON` honoured, undefined
 * properties left out), so a value read back from the store gives the text it was hashed from.
 */
export function canonicalJson(value: unknown): string {
  return write(value) ?? 'null';
}

function write(value: unknown): string | undefined {
  const json =
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
      ? (value as { toJSON(): unknown }).toJSON()
      : value;
  if (json === null) return 'null';
  switch (typeof json) {
    case 'string':
    case 'number':
    case 'boolean':
      return JSON.stringify(json);
    case 'object':
      if (Array.isArray(json)) return `[${json.map((item) => write(item) ?? 'null').join(',')}]`;
      return `{${Object.keys(json)
        .sort()
        .flatMap((key) => {
          const item = write((json as Record<string, unknown>)[key]);
          return item === undefined ? [] : [`${JSON.stringify(key)}:${item}`];
        })
        .join(',')}}`;
    case 'bigint':
      throw new TypeError('a bigint has no JSON form');
    default:
      return undefined; // undefined, functions, symbols: as JSON.stringify, left out
  }
}

export interface HashedContent {
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: unknown;
}

/** What an event's hash covers, as text. */
export const eventContent = (event: HashedContent): string =>
  canonicalJson({
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data,
    metadata: event.metadata,
  });

/** The hash of a stream's first event has '' for its previous hash. */
export const chainHash = (previousHash: string, content: string): string =>
  createHash('sha256').update(previousHash, 'utf8').update(content, 'utf8').digest('hex');

/** An event's hash from its content and the previous event's hash. */
export const hashEvent = (previousHash: string, event: HashedContent): string =>
  chainHash(previousHash, eventContent(event));
