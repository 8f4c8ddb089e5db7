import { type LogCheckpoint } from '@coseso/event-store/event-store';
import { type EntityManager } from 'typeorm';

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** A string literal (standard_conforming_strings, the default since PostgreSQL 9.1: backslashes are plain). */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

export interface CheckpointRow {
  name: string;
  version: number;
  checkpoint: LogCheckpoint | null;
  position: string | null;
  processed: string;
  lastEventAt: Date | null;
  updatedAt: Date;
  status: 'running' | 'failed';
  error: string | null;
  errorPosition: string | null;
}

type Queryable = Pick<EntityManager, 'query'>;

/** The SQLSTATE of `beginAndExpect`'s refusal (a class of its own: Postgres uses none starting with C). */
const CHECKPOINT_MOVED = 'CSCPM';

export const isCheckpointMoved = (error: unknown) => (error as { code?: string }).code === CHECKPOINT_MOVED;

/** One row per projector, in the read models' schema, written in the same transaction as its rows. */
export class Checkpoints {
  private readonly table: string;

  constructor(readonly schema: string) {
    this.table = `${quoteIdent(schema)}.projection_checkpoints`;
  }

  async all(db: Queryable): Promise<CheckpointRow[]> {
    return (await db.query(`select ${this.columns} from ${this.table} order by name`)) as CheckpointRow[];
  }

  async get(db: Queryable, name: string): Promise<CheckpointRow | null> {
    const rows = (await db.query(`select ${this.columns} from ${this.table} where name = $1`, [
      name,
    ])) as CheckpointRow[];
    return rows[0] ?? null;
  }

  /**
   * Makes this transaction the read model's only writer until it ends (the live projector or a
   * rebuild's swap), then reads its checkpoint. An advisory lock rather than a row lock: a row lock
   * gives the transaction an id, and readers of the log only read transactions older than every
   * running one, so a writer holding an id while it reads the log would wait for itself.
   */
  async lockForWriting(db: Queryable, name: string): Promise<CheckpointRow | null> {
    await db.query('select pg_advisory_xact_lock(hashtext($1))', [`read-model:${this.schema}:${name}`]);
    return this.get(db, name);
  }

  /**
   * `lockForWriting` and the start of its transaction, as one text of several statements (sent in
   * one round trip; its last result is the checkpoint's row).
   *
   * The transaction commits without waiting for its WAL to reach the disk: a read model is derived
   * from the log, and its rows and checkpoint commit together, so a crash can only lose the last
   * few milliseconds of batches, which the projector applies again from the checkpoint it finds.
   * Readers see the commit at once either way; what it saves is the flush each batch would wait
   * for, while readers wait for the batch.
   */
  beginAndLock(name: string): string {
    return `${this.begin(name)};
      select ${this.columns} from ${this.table} where name = ${literal(name)}`;
  }

  /**
   * `lockForWriting` and the start of its transaction, as `beginAndLock`, but instead of reading
   * the checkpoint it fails the transaction (`isCheckpointMoved`) unless the checkpoint is still
   * `expected`: the statements sent after it in the same text then never run.
   */
  beginAndExpect(name: string, expected: LogCheckpoint): string {
    return `${this.begin(name)};
      do $guard$ begin
        if not exists (select from ${this.table} where name = ${literal(name)} and checkpoint = ${literal(expected)}) then
          raise exception 'the checkpoint of % moved', ${literal(name)} using errcode = '${CHECKPOINT_MOVED}';
        end if;
      end $guard$`;
  }

  /**
   * `beginAndExpect` for several read models in one transaction: each locked, each checkpoint
   * expected at `expected`, in a fixed order (by name) so that two such transactions never wait
   * for each other's locks in a circle.
   */
  beginAndExpectAll(names: readonly string[], expected: LogCheckpoint): string {
    const sorted = [...names].sort();
    return `begin; set local synchronous_commit = off;
      select ${sorted.map((name) => `pg_advisory_xact_lock(hashtext(${literal(`read-model:${this.schema}:${name}`)}))`).join(', ')};
      do $guard$ begin
        if (select count(*) from ${this.table} where name in (${sorted.map(literal).join(', ')}) and checkpoint = ${literal(expected)}) <> ${sorted.length} then
          raise exception 'a checkpoint of % moved', ${literal(sorted.join(', '))} using errcode = '${CHECKPOINT_MOVED}';
        end if;
      end $guard$`;
  }

  /** `advanceAndCommit` for several read models moved to the same place: one update, one notice. */
  advanceAllAndCommit(
    names: readonly string[],
    to: { checkpoint: LogCheckpoint; position: bigint; lastEventAt: Date; count: number },
    notice: { channel: string; payload: string },
  ): string {
    return `update ${this.table} set checkpoint = ${literal(to.checkpoint)}, position = ${literal(to.position.toString())},
        last_event_at = ${literal(to.lastEventAt.toISOString())}::timestamptz, processed = processed + ${Math.trunc(to.count)},
        updated_at = now()
      from (select pg_notify(${literal(notice.channel)}, ${literal(notice.payload)})) notice
      where name in (${names.map(literal).join(', ')});
      commit`;
  }

  private begin(name: string): string {
    return `begin; set local synchronous_commit = off;
      select pg_advisory_xact_lock(hashtext(${literal(`read-model:${this.schema}:${name}`)}))`;
  }

  /** `advance` (with its notice) and the commit, as one text of several statements. */
  advanceAndCommit(
    name: string,
    to: { checkpoint: LogCheckpoint; position: bigint; lastEventAt: Date; count: number },
    notice: { channel: string; payload: string },
  ): string {
    return `update ${this.table} set checkpoint = ${literal(to.checkpoint)}, position = ${literal(to.position.toString())},
        last_event_at = ${literal(to.lastEventAt.toISOString())}::timestamptz, processed = processed + ${Math.trunc(to.count)},
        updated_at = now()
      from (select pg_notify(${literal(notice.channel)}, ${literal(notice.payload)})) notice
      where name = ${literal(name)};
      commit`;
  }

  /** The projector's row, created at `version` with no checkpoint unless it exists. */
  async ensureRow(db: Queryable, name: string, version: number): Promise<void> {
    await db.query(
      `insert into ${this.table} (name, version) values ($1, $2) on conflict (name) do nothing`,
      [name, version],
    );
  }

  /** Moves the checkpoint; with a `notice`, also sends it (NOTIFY, delivered when the transaction commits), in the same round trip. */
  async advance(
    db: Queryable,
    name: string,
    to: { checkpoint: LogCheckpoint; position: bigint; lastEventAt: Date; count: number },
    notice?: { channel: string; payload: string },
  ) {
    const values = [name, to.checkpoint, to.position.toString(), to.lastEventAt, to.count];
    const set = `set checkpoint = $2, position = $3, last_event_at = $4, processed = processed + $5, updated_at = now()`;
    if (!notice) return void (await db.query(`update ${this.table} ${set} where name = $1`, values));
    await db.query(`update ${this.table} ${set} from (select pg_notify($6, $7)) notice where name = $1`, [
      ...values,
      notice.channel,
      notice.payload,
    ]);
  }

  async reset(
    db: Queryable,
    name: string,
    version: number,
    at: {
      checkpoint: LogCheckpoint | null;
      position: bigint | null;
      lastEventAt: Date | null;
      processed: number;
    },
  ) {
    await db.query(
      `insert into ${this.table} (name, version, checkpoint, position, processed, last_event_at, status, error, error_position, updated_at)
       values ($1, $2, $3, $4, $5, $6, 'running', null, null, now())
       on conflict (name) do update set version = $2, checkpoint = $3, position = $4, processed = $5, last_event_at = $6,
         status = 'running', error = null, error_position = null, updated_at = now()`,
      [name, version, at.checkpoint, at.position?.toString() ?? null, at.processed, at.lastEventAt],
    );
  }

  async markFailed(db: Queryable, name: string, error: string, position: bigint) {
    await db.query(
      `update ${this.table} set status = 'failed', error = $2, error_position = $3, updated_at = now() where name = $1`,
      [name, error.slice(0, 2000), position.toString()],
    );
  }

  private readonly columns = `name, version, checkpoint, position, processed, last_event_at as "lastEventAt", updated_at as "updatedAt",
    status, error, error_position as "errorPosition"`;
}
