import { StringDecoder } from 'node:string_decoder';
import type pg from 'pg';
import copy from 'pg-copy-streams';
import { type EventRow } from './event-row.js';

const unescapes: Record<string, string> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
};

/** A field of COPY's text format as it was: its backslash escapes undone. */
const unescape = (field: string) =>
  field.includes('\\') ? field.replace(/\\(.)/g, (_, c: string) => unescapes[c] ?? c) : field;

/** One line of `copyLog`'s COPY as the row a SELECT of the store's reads gives (`toStoredEvent` reads it). */
function rowOf(line: string): EventRow {
  const [position, xid, streamId, revision, eventId, type, version, data, metadata, recordedAt, hash] =
    line.split('\t') as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
  return {
    global_position: position,
    transaction_id: xid,
    stream_id: unescape(streamId),
    stream_revision: revision,
    event_id: eventId,
    type: unescape(type),
    schema_version: Number(version),
    data: JSON.parse(unescape(data)) as unknown,
    metadata: JSON.parse(unescape(metadata)) as Record<string, unknown>,
    recorded_at: new Date(Number(recordedAt)),
    hash: hash === '\\N' ? null : hash,
  };
}

/**
 * The whole settled log's rows, in reading order, by one `COPY … TO STDOUT` cut into batches as it
 * streams (decision 110): one statement and one pass over the index instead of a query per batch,
 * and no row objects for the driver to build. The stream waits while a batch is handled, so memory
 * holds a batch and what the socket buffered, whatever the log's length. Settled as `readAll`
 * means it: the transactions older than the oldest one running when the COPY began; what commits
 * after is for the reader to read next (`readAll` from the last checkpoint).
 */
export async function* copyLog(pool: pg.Pool, schema: string, batchSize: number): AsyncGenerator<EventRow[]> {
  const sql = `copy (select global_position, transaction_id::text, stream_id, stream_revision, event_id, type,
      schema_version, data, metadata, floor(extract(epoch from recorded_at) * 1000)::bigint, hash
    from ${schema}.events e where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    order by e.transaction_id, e.global_position) to stdout`;
  const client = await pool.connect();
  const stream = client.query(copy.to(sql));
  try {
    const text = new StringDecoder('utf8'); // a character may straddle two chunks
    let batch: EventRow[] = [];
    let rest = '';
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const lines = (rest + text.write(chunk)).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        batch.push(rowOf(line));
        if (batch.length === batchSize) {
          yield batch;
          batch = [];
        }
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    // A COPY left half-read (a reader that stopped early, a failure) leaves its connection unusable.
    const whole = stream.readableEnded;
    if (!whole) stream.destroy();
    client.release(whole ? undefined : true);
  }
}
