import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type LogCheckpoint,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type StoredEvent,
  WrongExpectedRevisionError,
} from '../event-store.js';
import { ensureEventStoreSchema, quoteIdent } from './postgres-schema.js';

export interface PostgresEventStoreOptions {
  readonly pool: pg.Pool;
  readonly schema: string;
  /** Connection string for the dedicated LISTEN connection (it cannot come from the pool). */
  readonly connectionString: string;
}

interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: Date;
}

const encode = (xid: string, position: string) => `${xid}:${position}` as LogCheckpoint;
function decode(checkpoint: LogCheckpoint | null): [string, string] {
  if (checkpoint === null) return ['0', '0'];
  const match = /^(\d+):(\d+)$/.exec(checkpoint);
  if (!match) throw new Error(`not a Postgres event store checkpoint: ${checkpoint}`);
  return [match[1]!, match[2]!];
}

const expectedCode = (expected: AppendOptions['expectedRevision']) =>
  expected === 'no_stream' ? '-1' : expected === 'any' ? '-2' : expected.toString();

export class PostgresEventStore implements EventStore {
  readonly name = 'postgres';
  private readonly sql: ReturnType<typeof statements>;
  private readonly channel: string;
  private readonly listeners = new Set<() => void>();
  private listenClient: pg.Client | null = null;
  private listenStarting: Promise<void> | null = null;
  private notify = { inFlight: false, again: false };
  private closed = false;
  /** Tells our own notifications apart: our listeners were already woken when we appended. */
  private readonly instanceId = randomUUID();

  private constructor(private readonly options: PostgresEventStoreOptions) {
    this.sql = statements(quoteIdent(options.schema));
    this.channel = `${options.schema}_events`;
  }

  static async open(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
    await ensureEventStoreSchema(options.pool, options.schema);
    return new PostgresEventStore(options);
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const params = [
      streamId,
      expectedCode(options.expectedRevision),
      options.commandId ?? null,
      events.map((e) => e.eventId ?? randomUUID()),
      events.map((e) => e.type),
      events.map((e) => e.schemaVersion),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata)),
    ];
    let row;
    try {
      ({
        rows: [row],
      } = await this.options.pool.query<{
        next_revision: string | null;
        last_position: string | null;
        duplicate: boolean;
        conflict_revision: string | null;
      }>(this.sql.append, params));
    } catch (error) {
      // The same command appended concurrently with expectedRevision 'any': the first one won.
      if ((error as { code?: string; table?: string }).code === '23505' && options.commandId) {
        return this.appendToStream(streamId, events, options);
      }
      throw error;
    }
    if (!row) throw new Error('append_to_stream returned no row');
    if (row.conflict_revision !== null) {
      const actual = BigInt(row.conflict_revision);
      throw new WrongExpectedRevisionError(
        streamId,
        options.expectedRevision,
        actual < 0n ? 'no_stream' : actual,
      );
    }
    if (!row.duplicate) this.signalAppend();
    return {
      nextRevision: BigInt(row.next_revision!),
      position: BigInt(row.last_position!),
      duplicate: row.duplicate,
    };
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
    const { rows } = await this.options.pool.query<EventRow>(this.sql.readAll, [xid, position, limit]);
    const events = rows.map(toStoredEvent);
    if (events.length === limit) return { events, caughtUp: false };
    const last = rows[rows.length - 1];
    const {
      rows: [pending],
    } = await this.options.pool.query<{ pending: boolean }>(
      this.sql.pendingAfter,
      last ? [last.transaction_id, last.global_position] : [xid, position],
    );
    return { events, caughtUp: !pending?.pending };
  }

  async onAppended(listener: () => void): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    await this.ensureListening();
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

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
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
        // Reconnect on the next subscription; meanwhile readers fall back to their periodic re-read.
        if (this.listenClient === client) this.listenClient = null;
        this.listenStarting = null;
        void client.end().catch(() => {});
        if (!this.closed && this.listeners.size > 0)
          setTimeout(() => void this.ensureListening().catch(() => {}), 1_000);
      });
      await client.connect();
      await client.query(`listen ${quoteIdent(this.channel)}`);
      if (this.closed) await client.end();
      else this.listenClient = client;
    })().finally(() => {
      this.listenStarting = null;
    });
    return this.listenStarting;
  }
}

function toStoredEvent(row: EventRow): StoredEvent {
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
  };
}

function statements(s: string) {
  const columns = `global_position, transaction_id::text as transaction_id, stream_id, stream_revision, event_id, type,
    schema_version, data, metadata, recorded_at`;
  // Transactions older than the oldest running one have all committed or aborted: reading only
  // those, in transaction order, never skips an event.
  const settled = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
  return {
    append: `select * from ${s}.append_to_stream($1, $2, $3, $4::uuid[], $5::text[], $6::int[], $7::jsonb[], $8::jsonb[])`,
    readStream: `select ${columns} from ${s}.events where stream_id = $1 and stream_revision >= $2 order by stream_revision`,
    readAll: `select ${columns} from ${s}.events
      where (transaction_id, global_position) > ($1::xid8, $2::bigint) and ${settled}
      order by transaction_id, global_position limit $3`,
    pendingAfter: `select exists (select 1 from ${s}.events where (transaction_id, global_position) > ($1::xid8, $2::bigint)) as pending`,
    isAtOrBefore: `select (transaction_id, global_position) <= ($2::xid8, $3::bigint) as reached from ${s}.events where global_position = $1`,
    lagAfter: `select count(*) as events, max(recorded_at) as newest from ${s}.events where (transaction_id, global_position) > ($1::xid8, $2::bigint)`,
  };
}
