import { type EventRow } from './event-row.js';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { commandEventId } from '../command-event-id.js';
import { eventContent } from '../hash-chain.js';
import { EXPORT_BATCH, exportByPages } from '../log-filter.js';
import {
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  InvalidLogCursorError,
  type LogCheckpoint,
  type LogCursor,
  type LogFilter,
  type LogPage,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type ReadLogOptions,
  type StoredEvent,
  type StreamHead,
  WrongExpectedRevisionError,
} from '../event-store.js';
import { copyLog } from './copy-log.js';
import { quoteIdent } from './postgres-schema.js';

export interface PostgresEventStoreOptions {
  readonly pool: pg.Pool;
  readonly schema: string;
  /** Connection string for the dedicated LISTEN connection (it cannot come from the pool). */
  readonly connectionString: string;
}

const encode = (xid: string, position: string) => `${xid}:${position}` as LogCheckpoint;
function decode(checkpoint: LogCheckpoint | null): [string, string] {
  if (checkpoint === null) return ['0', '0'];
  const match = /^(\d+):(\d+)$/.exec(checkpoint);
  if (!match) throw new Error(`not a Postgres event store checkpoint: ${checkpoint}`);
  return [match[1]!, match[2]!];
}

const UNIQUE_VIOLATION = '23505';
const MAX_PREPARED_EVENTS = 16;
const MAX_BATCH = 64;
const MAX_CONCURRENT_BATCHES = 4;
/**
 * How long a short page of the log waits for events that a transaction still holds back (any
 * transaction of the cluster can, briefly), rather than leaving them out of its end.
 */
const SETTLE_WAIT_MS = 2_000;
const SETTLE_POLL_MS = 20;
/** lagAfter counts at most this many events: past it, "very far behind" is all it says (as EventStoreDB's). */
const LAG_CAP = 100_000;

interface PendingAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly options: AppendOptions;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/** Postgres returns a uuid in its canonical form, whatever form it was given in (upper case, braces…). */
const uuidKey = (id: string) => id.toLowerCase().replace(/[^0-9a-f]/g, '');

/** A command's events get ids derived from it, so the same command appended twice collides with itself. */
const eventIdOf = (streamId: string, commandId: string | undefined, event: NewEvent, index: number) =>
  event.eventId ?? (commandId ? commandEventId(streamId, commandId, index) : randomUUID());

export class PostgresEventStore implements EventStore {
  readonly name = 'postgres';
  private readonly sql: ReturnType<typeof statements>;
  private readonly channel: string;
  private readonly listeners = new Set<() => void>();
  private listenClient: pg.Client | null = null;
  private listenStarting: Promise<void> | null = null;
  /** The next attempt at the LISTEN connection after it failed or was lost, and its delay. */
  private relisten: { timer: ReturnType<typeof setTimeout> | null; delayMs: number } = {
    timer: null,
    delayMs: 0,
  };
  private notify = { inFlight: false, again: false };
  private readonly queue: PendingAppend[] = [];
  private inFlight = 0;
  private closed = false;
  /** Tells our own notifications apart: our listeners were already woken when we appended. */
  private readonly instanceId = randomUUID();

  private constructor(private readonly options: PostgresEventStoreOptions) {
    this.sql = statements(quoteIdent(options.schema));
    this.channel = `${options.schema}_events`;
  }

  /** Its tables come from the migrations (`migrateDatabase`), run where the pool is made. */
  static async open(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
    return new PostgresEventStore(options);
  }

  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('appendToStream needs at least one event'));
    if (options.expectedRevision === 'any' || events.length > MAX_PREPARED_EVENTS)
      return this.appendAlone(streamId, events, options);
    return new Promise((resolve, reject) => {
      this.queue.push({ streamId, events, options, resolve, reject });
      this.drain();
    });
  }

  /**
   * Group commit: appends that arrive while others are being written wait and go together, in one
   * INSERT (one transaction). With no load an append is written at once, alone.
   */
  private drain() {
    while (this.inFlight < MAX_CONCURRENT_BATCHES && this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.inFlight++;
      void this.writeBatch(batch).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }

  private async writeBatch(batch: PendingAppend[]): Promise<void> {
    const alone = (request: PendingAppend) =>
      this.appendAlone(request.streamId, request.events, request.options).then(
        request.resolve,
        request.reject,
      );
    if (batch.length === 1) return alone(batch[0]!);
    const columns: unknown[][] = [[], [], [], [], [], [], [], [], []];
    // An event's data and metadata travel once, inside the canonical text its hash is made of.
    const eventIds = batch.map((request) =>
      request.events.map((event, i) => eventIdOf(request.streamId, request.options.commandId, event, i)),
    );
    batch.forEach((request, r) => {
      const expected =
        request.options.expectedRevision === 'no_stream' ? -1n : (request.options.expectedRevision as bigint);
      request.events.forEach((event, i) => {
        const row = [
          request.streamId,
          (expected + BigInt(i) + 1n).toString(),
          eventIds[r]![i],
          event.type,
          event.schemaVersion,
          eventContent(event),
          request.options.commandId ?? null,
          expected.toString(),
          r,
        ];
        row.forEach((value, c) => columns[c]!.push(value));
      });
    });
    let rows: { global_position: string; stream_revision: string; event_id: string }[];
    try {
      ({ rows } = await this.options.pool.query({
        name: `${this.options.schema}:append:batch`,
        text: this.sql.appendBatch,
        values: columns,
      }));
    } catch (error) {
      // A race on a stream, or a command sent again: each append on its own sorts it out exactly.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION)
        return void (await Promise.all(batch.map(alone)));
      for (const request of batch) request.reject(error);
      return;
    }
    // Rows are matched to their append by event id, not by stream: two appends to one stream can
    // share a batch, and the one left out must not be handed the other's result.
    const written = new Map(rows.map((row) => [uuidKey(row.event_id), row]));
    if (rows.length > 0) this.signalAppend();
    await Promise.all(
      batch.map(async (request, r) => {
        const own = eventIds[r]!.map((id) => written.get(uuidKey(id)));
        const last = own[own.length - 1];
        if (last && own.every(Boolean))
          request.resolve({
            nextRevision: BigInt(last.stream_revision),
            position: BigInt(last.global_position),
            duplicate: false,
          });
        else if (own.some(Boolean))
          // Cannot happen: every row of an append passes or fails the same filter in one snapshot.
          request.reject(new Error(`append to ${request.streamId} was written in part`));
        else request.reject(await this.conflict(request.streamId, request.options.expectedRevision)); // its expected revision does not exist
      }),
    );
  }

  private async appendAlone(
    streamId: string,
    events: readonly NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const { expectedRevision, commandId } = options;
    const mode = expectedRevision === 'any' ? 'any' : 'expected';
    const values = [
      streamId,
      commandId ?? null,
      ...(mode === 'expected' ? [expectedRevision === 'no_stream' ? '-1' : String(expectedRevision)] : []),
      ...events.flatMap((e, i) => [
        eventIdOf(streamId, commandId, e, i),
        e.type,
        e.schemaVersion,
        eventContent(e),
      ]),
    ];
    for (let attempt = 1; ; attempt++) {
      try {
        const { rows } = await this.options.pool.query<{ global_position: string; stream_revision: string }>({
          // A named statement is planned once per connection: it more than halves the append's cost.
          ...(events.length <= MAX_PREPARED_EVENTS
            ? { name: `${this.options.schema}:append:${mode}:${events.length}` }
            : {}),
          text: this.sql.append(mode, events.length),
          values,
        });
        const last = rows[rows.length - 1];
        if (!last) throw await this.conflict(streamId, expectedRevision); // the expected revision does not exist
        this.signalAppend();
        return {
          nextRevision: BigInt(last.stream_revision),
          position: BigInt(last.global_position),
          duplicate: false,
        };
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        if (commandId) {
          const earlier = await this.earlierAppend(streamId, commandId);
          if (earlier) return earlier;
        }
        // Another writer took the revision: with no expectation, take the next one; otherwise it is a conflict.
        if (mode === 'any' && attempt < 10) continue;
        throw await this.conflict(streamId, expectedRevision);
      }
    }
  }

  private async earlierAppend(streamId: string, commandId: string): Promise<AppendResult | null> {
    const {
      rows: [row],
    } = await this.options.pool.query<{ revision: string | null; position: string | null }>(
      this.sql.earlierAppend,
      [streamId, commandId],
    );
    if (!row?.revision) return null;
    return { nextRevision: BigInt(row.revision), position: BigInt(row.position!), duplicate: true };
  }

  private async conflict(streamId: string, expected: ExpectedRevision): Promise<WrongExpectedRevisionError> {
    const {
      rows: [row],
    } = await this.options.pool.query<{ revision: string | null }>(this.sql.currentRevision, [streamId]);
    return new WrongExpectedRevisionError(
      streamId,
      expected,
      row?.revision ? BigInt(row.revision) : 'no_stream',
    );
  }

  async readStream(streamId: string, options: { fromRevision?: bigint } = {}): Promise<StoredEvent[]> {
    const { rows } = await this.options.pool.query<EventRow>(this.sql.readStream, [
      streamId,
      (options.fromRevision ?? 0n).toString(),
    ]);
    return rows.map(toStoredEvent);
  }

  async readAll({ after, limit }: ReadAllOptions): Promise<ReadAllResult> {
    const [xid, position] = decode(after);
    const { rows } = await this.options.pool.query<EventRow & { pending: boolean }>({
      name: `${this.options.schema}:read-all`,
      text: this.sql.readAll,
      values: [xid, position, limit],
    });
    // One row with only `pending` set when no event is readable yet.
    const events = rows.filter((row) => row.global_position !== null).map(toStoredEvent);
    return { events, caughtUp: events.length < limit && !rows[0]?.pending };
  }

  /**
   * A page in reading order, (transaction, position) as `readAll`, of settled events only: a
   * transaction that commits late cannot put an event behind a page already read. The cursor is
   * the checkpoint of the page's last event. Each filter is served by an index of `events` that
   * ends with the reading order (see the event-log indexes' migrations), time by a BRIN one.
   */
  async readLog({ filter, after, limit }: ReadLogOptions): Promise<LogPage> {
    const [xid, position] = decodeCursor(after);
    const query = logPage(this.sql.schema, filter, xid, position, limit + 1);
    const deadline = Date.now() + SETTLE_WAIT_MS;
    for (;;) {
      const { rows } = await this.options.pool.query<EventRow & { pending: boolean }>(query);
      const events = rows.filter((row) => row.global_position !== null).map(toStoredEvent);
      if (events.length > limit || !rows[0]?.pending || Date.now() > deadline) {
        const page = events.slice(0, limit);
        const last = page[page.length - 1];
        const next = last ? (last.checkpoint as string as LogCursor) : after;
        return { events: page, next, end: events.length <= limit };
      }
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
  }

  /** The whole log by one COPY (a rebuild's first pass, an export of everything); a filtered one page by page. */
  exportLog(filter: LogFilter, options: { batchSize?: number } = {}): AsyncIterable<StoredEvent[]> {
    return Object.values(filter).every((value) => value === undefined)
      ? this.exportWholeLog(options.batchSize ?? EXPORT_BATCH)
      : exportByPages(this, filter, options.batchSize);
  }

  private async *exportWholeLog(batchSize: number): AsyncGenerator<StoredEvent[]> {
    for await (const rows of copyLog(this.options.pool, this.sql.schema, batchSize))
      yield rows.map(toStoredEvent);
  }

  async onAppended(listener: () => void): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    try {
      await this.ensureListening();
    } catch (error) {
      // The caller gets no unsubscribe function: a listener left here would be called forever.
      this.listeners.delete(listener);
      throw error;
    }
    return async () => {
      this.listeners.delete(listener);
    };
  }

  compareCheckpoints(a: LogCheckpoint, b: LogCheckpoint): number {
    const [ax, ap] = decode(a).map(BigInt) as [bigint, bigint];
    const [bx, bp] = decode(b).map(BigInt) as [bigint, bigint];
    return ax !== bx ? (ax < bx ? -1 : 1) : ap === bp ? 0 : ap < bp ? -1 : 1;
  }

  async isAtOrBefore(position: bigint, checkpoint: LogCheckpoint | null): Promise<boolean> {
    if (checkpoint === null) return false;
    const [xid, cpPosition] = decode(checkpoint);
    const { rows } = await this.options.pool.query<{ reached: boolean }>(this.sql.isAtOrBefore, [
      position.toString(),
      xid,
      cpPosition,
    ]);
    // A position that names no event (a typo, a rolled-back append) has nothing to wait for.
    return rows[0]?.reached ?? true;
  }

  /** `events` stops at LAG_CAP. */
  async lagAfter(
    checkpoint: LogCheckpoint | null,
  ): Promise<{ events: number; newestRecordedAt: Date | null }> {
    const [xid, position] = decode(checkpoint);
    const {
      rows: [row],
    } = await this.options.pool.query<{ events: string; newest: Date | null }>(this.sql.lagAfter, [
      xid,
      position,
    ]);
    return { events: Number(row?.events ?? 0), newestRecordedAt: row?.newest ?? null };
  }

  async streamHeads(): Promise<Map<string, StreamHead>> {
    const { rows } = await this.options.pool.query<{
      stream_id: string;
      revision: string;
      last_hash: string | null;
    }>(this.sql.streamHeads);
    return new Map(
      rows.map((row) => [row.stream_id, { revision: BigInt(row.revision), hash: row.last_hash }]),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    if (this.relisten.timer) clearTimeout(this.relisten.timer);
    this.relisten.timer = null;
    const client = this.listenClient;
    this.listenClient = null;
    await client?.end().catch(() => {});
  }

  /**
   * Wakes readers in this process at once, and in other processes through one coalesced NOTIFY.
   * NOTIFY is kept out of the append transaction: Postgres serialises the commits of notifying
   * transactions, which would defeat group commit under concurrent appends.
   */
  private signalAppend() {
    for (const listener of this.listeners) listener();
    if (this.notify.inFlight) {
      this.notify.again = true;
      return;
    }
    this.notify.inFlight = true;
    const send = (): void => {
      this.notify.again = false;
      this.options.pool
        .query('select pg_notify($1, $2)', [this.channel, this.instanceId])
        .catch(() => {}) // readers also re-read on a timer: a lost notification only delays them
        .finally(() => {
          if (this.notify.again && !this.closed) send();
          else this.notify.inFlight = false;
        });
    };
    send();
  }

  private ensureListening(): Promise<void> {
    if (this.listenClient || this.closed) return Promise.resolve();
    this.listenStarting ??= (async () => {
      const client = new pg.Client({ connectionString: this.options.connectionString });
      client.on('notification', (message) => {
        if (message.payload === this.instanceId) return;
        for (const listener of this.listeners) listener();
      });
      client.on('error', () => {
        // Meanwhile readers fall back to their periodic re-read.
        if (this.listenClient === client) this.listenClient = null;
        void client.end().catch(() => {});
        this.scheduleRelisten();
      });
      try {
        await client.connect();
        await client.query(`listen ${quoteIdent(this.channel)}`);
      } catch (error) {
        // A failed connect() rejects without emitting 'error': without this, no attempt would follow.
        void client.end().catch(() => {});
        this.scheduleRelisten();
        throw error;
      }
      this.relisten.delayMs = 0;
      if (this.closed) await client.end();
      else this.listenClient = client;
    })().finally(() => {
      this.listenStarting = null;
    });
    return this.listenStarting;
  }

  /** One pending attempt at a time, 1 s after the first failure, doubling up to 30 s. */
  private scheduleRelisten() {
    if (this.closed || this.listeners.size === 0 || this.relisten.timer) return;
    this.relisten.delayMs = Math.min(Math.max(this.relisten.delayMs * 2, 1_000), 30_000);
    this.relisten.timer = setTimeout(() => {
      this.relisten.timer = null;
      // Nobody listens any more: the next subscription connects again.
      if (this.closed || this.listeners.size === 0) return;
      void this.ensureListening().catch(() => {});
    }, this.relisten.delayMs);
    this.relisten.timer.unref();
  }
}

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    streamId: row.stream_id,
    streamRevision: BigInt(row.stream_revision),
    position: BigInt(row.global_position),
    checkpoint: encode(row.transaction_id, row.global_position),
    eventId: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    ...(row.hash === null ? {} : { hash: row.hash }),
  };
}

function decodeCursor(cursor: LogCursor | null): [string, string] {
  try {
    return decode(cursor as string | null as LogCheckpoint | null);
  } catch {
    throw new InvalidLogCursorError(String(cursor));
  }
}

/**
 * One page of the log after (xid, position), filtered, with whether later events are still held
 * back by a running transaction (one row with only `pending` set when no event is readable).
 */
export function logPage(
  s: string,
  filter: LogFilter,
  xid: string,
  position: string,
  take: number,
): { text: string; values: unknown[] } {
  const values: unknown[] = [xid, position, take];
  const where = ['(e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)'];
  const add = (sql: string, value: unknown) => {
    values.push(value);
    where.push(sql.replace('?', `$${values.length}`));
  };
  if (filter.streamId !== undefined) add('e.stream_id = ?', filter.streamId);
  if (filter.type !== undefined) add('e.type = ?', filter.type);
  if (filter.actorKind !== undefined) add(`(e.metadata -> 'actor' ->> 'kind') = ?`, filter.actorKind);
  if (filter.actorId !== undefined) add(`(e.metadata -> 'actor' ->> 'id') = ?`, filter.actorId);
  if (filter.since !== undefined) add('e.recorded_at >= ?', filter.since);
  if (filter.until !== undefined) add('e.recorded_at < ?', filter.until);
  return {
    text: `select pending.pending, page.* from
      (select coalesce((select e.transaction_id from ${s}.events e
         where (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
         order by e.transaction_id desc, e.global_position desc limit 1) >= pg_snapshot_xmin(pg_current_snapshot()), false)
         as pending) pending
      left join lateral (select ${COLUMNS} from ${s}.events e
         where ${where.join(' and ')} and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         order by e.transaction_id, e.global_position limit $3) page on true`,
    values,
  };
}

const COLUMNS = `global_position, transaction_id::text as transaction_id, stream_id, stream_revision, event_id, type,
    schema_version, data, metadata, recorded_at, hash`;

function statements(s: string) {
  const columns = COLUMNS;
  const insertEvents = `insert into ${s}.events (stream_id, stream_revision, event_id, type, schema_version, data, metadata, command_id, hash)`;
  // The streams' rows follow their new events, in the same statement (`appended` is its CTE), with
  // the hash of each stream's last event: the end of the chain, which the chain alone cannot vouch
  // for (deleting a stream's last events leaves a chain that still holds).
  const upsertStreams = `stream_rows as (insert into ${s}.streams (stream_id, revision, last_hash)
      select distinct on (stream_id) stream_id, stream_revision, hash from appended order by stream_id, stream_revision desc
      on conflict (stream_id) do update set revision = greatest(${s}.streams.revision, excluded.revision),
        last_hash = case when excluded.revision >= ${s}.streams.revision then excluded.last_hash else ${s}.streams.last_hash end,
        updated_at = now())`;
  // The hash chain (hash-chain.ts), computed by the INSERT itself from the previous event's hash,
  // which the append already looks up to check its expected revision: no extra round trip, and no
  // window in which another writer could slip an event between the two.
  const link = (previous: string, content: string) =>
    `encode(sha256(convert_to(${previous} || ${content}, 'UTF8')), 'hex')`;
  return {
    schema: s,
    /**
     * One INSERT of `count` events. With an expected revision N the events take N+1, N+2… and are
     * written only if revision N exists (-1: a new stream); the unique indexes do the rest.
     * Without one ('any') they follow the stream's current last revision.
     */
    append: (mode: 'expected' | 'any', count: number) => {
      const first = mode === 'any' ? 3 : 4; // $1 stream, $2 command, then $3 the expected revision
      const rows = Array.from({ length: count }, (_, i) => {
        const p = first + i * 4;
        return `($${p}::uuid, $${p + 1}::text, $${p + 2}::int, $${p + 3}::text, ${i + 1})`;
      }).join(', ');
      // One row when the append may go ahead (with the revision and hash it follows), none otherwise.
      const previous =
        mode === 'any'
          ? `last as (select stream_revision, hash from ${s}.events where stream_id = $1 order by stream_revision desc limit 1),
             previous as (select coalesce((select stream_revision from last), -1) as revision, coalesce((select hash from last), '') as hash)`
          : `previous as (select $3::bigint as revision, coalesce(p.hash, '') as hash
               from (select 1) one left join ${s}.events p on p.stream_id = $1 and p.stream_revision = $3::bigint
               where $3::bigint = -1 or p.stream_revision is not null)`;
      return `with recursive e(id, type, version, content, n) as (values ${rows}),
        ${previous},
        chain(n, hash) as (select 0, previous.hash from previous
          union all select e.n, ${link('chain.hash', 'e.content')} from chain join e on e.n = chain.n + 1),
        appended as (${insertEvents} select $1, previous.revision + e.n, e.id, e.type, e.version, j.doc -> 'data', j.doc -> 'metadata', $2::text, chain.hash
          from previous, e join chain using (n) cross join lateral (select e.content::jsonb as doc) j
          order by e.n returning global_position, stream_id, stream_revision, hash),
        ${upsertStreams}
        select global_position, stream_revision from appended order by global_position`;
    },
    /**
     * Many appends in one INSERT; an append whose expected revision does not exist is left out (its
     * rows only). Rows go in stream order so that two batches touching the same streams lock them
     * in the same order and cannot deadlock.
     */
    appendBatch: `with recursive input as (select * from
        unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::int[], $6::text[], $7::text[], $8::bigint[], $9::int[])
        with ordinality as r(stream_id, stream_revision, event_id, type, schema_version, content, command_id, expected, request, n)),
      chain(request, stream_revision, hash) as (
        select r.request, r.stream_revision, ${link("coalesce(p.hash, '')", 'r.content')}
          from input r left join ${s}.events p on p.stream_id = r.stream_id and p.stream_revision = r.expected
          where r.stream_revision = r.expected + 1
        union all select r.request, r.stream_revision, ${link('chain.hash', 'r.content')}
          from chain join input r on r.request = chain.request and r.stream_revision = chain.stream_revision + 1),
      appended as (${insertEvents}
      select r.stream_id, r.stream_revision, r.event_id, r.type, r.schema_version, j.doc -> 'data', j.doc -> 'metadata', r.command_id, chain.hash
      from input r join chain using (request, stream_revision) cross join lateral (select r.content::jsonb as doc) j
      where r.expected = -1 or exists (select 1 from ${s}.events e where e.stream_id = r.stream_id and e.stream_revision = r.expected)
      order by r.stream_id, r.n
      returning global_position, stream_id, stream_revision, event_id, hash), ${upsertStreams}
      select global_position, stream_revision, event_id from appended`,
    streamHeads: `select stream_id, revision, last_hash from ${s}.streams`,
    earlierAppend: `select max(stream_revision) as revision, max(global_position) as position from ${s}.events where stream_id = $1 and command_id = $2`,
    // Revisions come from the events themselves, the truth: `streams` is there for people reading
    // the store, and a row written by other means than this append could leave it behind.
    currentRevision: `select max(stream_revision) as revision from ${s}.events where stream_id = $1`,
    readStream: `select ${columns} from ${s}.events where stream_id = $1 and stream_revision >= $2 order by stream_revision`,
    // A batch of settled events after the checkpoint: transactions older than the oldest running
    // one have all committed or aborted, so reading only those, in transaction order, never skips
    // an event. With it, whether a newer event waits behind a running transaction (then the reader
    // looks again soon instead of waiting for a notification).
    //
    // Both halves walk the (transaction_id, global_position) index, so a read costs the same on a
    // log of any length. "e." matters: unqualified, ORDER BY transaction_id would name the text
    // output column, and "10" sorts before "9".
    readAll: `select pending.pending, batch.* from
      (select coalesce((select e.transaction_id from ${s}.events e
         where (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
         order by e.transaction_id desc, e.global_position desc limit 1) >= pg_snapshot_xmin(pg_current_snapshot()), false)
         as pending) pending
      left join lateral (select ${columns} from ${s}.events e
         where (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint) and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         order by e.transaction_id, e.global_position limit $3) batch on true`,
    isAtOrBefore: `select (transaction_id, global_position) <= ($2::xid8, $3::bigint) as reached from ${s}.events where global_position = $1`,
    // Health probes run this for every projector: both halves walk the (transaction_id,
    // global_position) index and stop early, where count(*) and max(recorded_at) over everything
    // after the checkpoint read the whole log for a projector that never ran. The newest event is
    // the last in reading order (its recorded_at is its transaction's start: near enough for a lag).
    lagAfter: `select
      (select count(*) from (select from ${s}.events e where (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
         order by e.transaction_id, e.global_position limit ${LAG_CAP}) capped) as events,
      (select e.recorded_at from ${s}.events e where (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
         order by e.transaction_id desc, e.global_position desc limit 1) as newest`,
  };
}
