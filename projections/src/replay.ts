import { type StoredEvent } from '@coseso/event-store/event-store';
import { hearLostConnections } from '@coseso/event-store/postgres-adapter';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copy from 'pg-copy-streams';
import { type DataSource, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { type BulkColumn, type Statement, tableOf } from './bulk-write.js';

/**
 * A rebuild's way of applying batches to a read model's fresh tables, when it can do better than the
 * projector's `project`: each event arrives once, in log order, into tables nothing else writes, so
 * rows that are new can be appended with COPY rather than upserted, and the writes of one batch can
 * run while the next is folded. The rows must be those `project` would leave.
 */
export interface Replayer {
  replay(events: readonly StoredEvent[], shadow: ShadowTables): Promise<void>;
  /** After the last batch: writes what the replayer still holds unwritten. */
  flush?(shadow: ShadowTables): void;
}

export interface ReplayerOptions {
  /**
   * How many rows a replayer may hold folded but unwritten, to write once what many batches change
   * (an order's events lie far apart in a log written over months); bounds its memory.
   */
  readonly heldRows?: number;
}

/**
 * The rebuild's tables, as a replayer sees them: writes are queued and run in order while the
 * rebuild folds the next batch; reads run on a connection of their own, so they see the writes of
 * every batch but the previous one, whose writes may still be running (the replayer keeps what it
 * needs of that batch).
 */
export interface ShadowTables {
  /** The tables' entity manager, to build statements with (`bulkInsertStatement`); not to run them. */
  readonly manager: EntityManager;
  /** The table's name, schema-qualified and quoted. */
  table(entity: EntityTarget<ObjectLiteral>): string;
  read<T>(sql: string, params: unknown[]): Promise<T[]>;
  /** Rows none of the table's keys holds yet (a conflict fails the rebuild), written with COPY. */
  append<Row extends ObjectLiteral>(
    entity: EntityTarget<Row>,
    rows: readonly Row[],
    columns: readonly BulkColumn<Row>[],
  ): void;
  /** A statement, run after the writes queued before it. */
  run(statement: Statement | null): void;
}

/** Where the writes of one read model's rebuild go, and how the rebuild waits for them. */
export class ShadowWriter implements ShadowTables {
  private readonly pool: pg.Pool;
  private queue: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(
    url: string,
    private readonly dataSource: DataSource,
  ) {
    // One connection writes (in order), one reads.
    this.pool = new pg.Pool({ connectionString: url, max: 2 });
    // A connection lost in the middle of a COPY (PostgreSQL restarting) fails the rebuild.
    hearLostConnections(this.pool, (error) => (this.failure ??= error));
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  table(entity: EntityTarget<ObjectLiteral>): string {
    return tableOf(this.dataSource.manager, entity);
  }

  async read<T>(sql: string, params: unknown[]): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }

  append<Row extends ObjectLiteral>(
    entity: EntityTarget<Row>,
    rows: readonly Row[],
    columns: readonly BulkColumn<Row>[],
  ): void {
    if (rows.length === 0) return;
    const meta = this.dataSource.getMetadata(entity);
    const defs = columns.map((c) => {
      const column = meta.findColumnWithPropertyName(c.property);
      if (!column) throw new Error(`${meta.name} has no column for ${c.property}`);
      return column;
    });
    // One writer per column, chosen once by its type: the loop below runs for every cell of the log.
    const cells = columns.map((c, i) => {
      const write = cellWriter(defs[i]!.type);
      const read = c.value ?? ((row: Row) => row[c.property] as unknown);
      return (row: Row) => {
        const value = read(row);
        return value === null || value === undefined ? '\\N' : write(value);
      };
    });
    // COPY's text format, made here while the previous batch's writes run.
    const lines: string[] = new Array<string>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      let line = cells[0]!(row);
      for (let i = 1; i < cells.length; i++) line += '\t' + cells[i]!(row);
      lines[r] = line;
    }
    const sql = `copy ${this.table(entity)} (${defs.map((d) => quote(d.databaseName)).join(', ')}) from stdin`;
    const text = lines.join('\n') + '\n';
    this.enqueue(async (client) => {
      await pipeline(Readable.from([text]), client.query(copy.from(sql)));
    });
  }

  run(statement: Statement | null): void {
    if (statement) this.enqueue((client) => client.query(statement.sql, statement.params).then(() => {}));
  }

  /** Resolves (never rejects) when every write queued so far is done: `check` then says whether they all were. */
  written(): Promise<void> {
    return this.queue;
  }

  /** Throws the first write that failed. */
  check(): void {
    if (this.failure) throw this.failure;
  }

  async end(): Promise<void> {
    await this.queue.catch(() => {});
    await this.pool.end();
  }

  private enqueue(write: (client: pg.PoolClient) => Promise<void>) {
    this.queue = this.queue.then(async () => {
      if (this.failure) return; // after a failure, nothing more: the rebuild is failing
      const client = await this.pool.connect().catch((error: unknown) => {
        this.failure = error;
        return null;
      });
      if (!client) return;
      let failed: Error | undefined;
      try {
        await write(client);
      } catch (error) {
        this.failure = error;
        failed = error instanceof Error ? error : new Error(String(error));
      } finally {
        client.release(failed); // a connection whose write failed is not lent again
      }
    });
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** How a column's values read in COPY's text format (null aside). */
function cellWriter(type: unknown): (value: unknown) => string {
  switch (type) {
    case 'uuid':
      return (value) => value as string;
    case 'int':
    case 'integer':
    case 'bigint':
      return (value) => String(value);
    case 'boolean':
      return (value) => (value ? 't' : 'f');
    case 'json':
    case 'jsonb':
      return (value) => escapeText(JSON.stringify(value));
    default:
      return (value) =>
        typeof value === 'string'
          ? escapeText(value)
          : value instanceof Date
            ? value.toISOString()
            : escapeText(typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
}

/** Backslash, tab, newline and carriage return escaped, as COPY's text format wants them. */
function escapeText(text: string): string {
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => escapes[c]!) : text;
}

const escapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
