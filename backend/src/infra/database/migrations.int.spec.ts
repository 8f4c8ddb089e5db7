import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MIGRATIONS_TABLE, migrateDatabase } from '@coseso/database/migration-runner';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import {
  eventStoreMigrations,
  type Migration,
  type MigrationClass,
  type MigrationDb,
  schemaOf,
  PostgresEventStore,
  quoteIdent,
} from '@coseso/event-store/postgres-adapter';
import { verifyHashChain } from '@coseso/event-store/verify-hash-chain';
import { readModelMigrations } from '@coseso/projections/migrations/read-model-migrations';
import { allMigrations } from './all-migrations.js';
import { appMigrations } from './migrations/app-migrations.js';

const schemas: TestSchema[] = [];
afterAll(() => Promise.all(schemas.map((s) => s.drop())));

async function schema(prefix: string, options: { migrate: boolean }) {
  const db = await createTestSchema(prefix, 2, { migrations: options.migrate ? allMigrations : null });
  schemas.push(db);
  return db;
}

const migrationNames = allMigrations.map((m) => m.name);
const repository = join(import.meta.dirname, '../../../..');

/** A schema as the app left it before migrations existed: tables, indexes, a sequence and one paid order. */
async function legacySchema() {
  const db = await schema('mig_legacy', { migrate: false });
  const sql = await readFile(new URL('./fixtures/before-migrations.sql', import.meta.url), 'utf8');
  await db.pool.query(sql.replaceAll('__schema__', quoteIdent(db.schema)));
  return db;
}

async function rowCounts({ pool, schema }: TestSchema) {
  const { rows } = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = $1 and table_name <> $2 order by 1`,
    [schema, MIGRATIONS_TABLE],
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const result = await pool.query<{ n: number }>(
      `select count(*)::int as n from ${quoteIdent(schema)}.${quoteIdent(table_name)}`,
    );
    counts[table_name] = result.rows[0]!.n;
  }
  return counts;
}

/** Columns, constraints, indexes and sequences, with the schema's name taken out: what two schemas must share. */
async function shapeOf({ pool, schema }: TestSchema) {
  const unnamed = (rows: object[]) =>
    rows.map((row) =>
      JSON.parse(JSON.stringify(row).replaceAll(`${schema}.`, '').replaceAll(`"${schema}".`, '')),
    );
  const query = async (sql: string) => unnamed((await pool.query(sql, [schema, MIGRATIONS_TABLE])).rows);
  return {
    columns: await query(
      `select table_name, column_name, data_type, is_nullable, column_default, is_identity, generation_expression
       from information_schema.columns where table_schema = $1 and table_name <> $2 order by 1, 2`,
    ),
    constraints: await query(
      `select cl.relname as table_name, c.conname, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class cl on cl.oid = c.conrelid join pg_namespace n on n.oid = cl.relnamespace
       where n.nspname = $1 and cl.relname <> $2 order by 1, 2`,
    ),
    indexes: await query(
      `select tablename, indexname, indexdef from pg_indexes where schemaname = $1 and tablename <> $2 order by 1, 2`,
    ),
    sequences: await query(
      `select sequence_name, start_value, increment from information_schema.sequences
       where sequence_schema = $1 and sequence_name not like $2 || '%' order by 1`,
    ),
  };
}

describe('the migrations', () => {
  it('upgrade the schema the app made at start-up before them, keeping every row', async () => {
    const legacy = await legacySchema();
    const before = await rowCounts(legacy);
    expect(before).toMatchObject({ events: 8, order_summary: 1, admin_users: 1, client_credentials: 1 });

    expect(
      await migrateDatabase({ url: legacy.url, schema: legacy.schema, migrations: allMigrations }),
    ).toEqual(migrationNames);

    // Every row kept (later migrations may add tables of their own).
    expect(await rowCounts(legacy)).toMatchObject(before);
    const fresh = await schema('mig_fresh', { migrate: true });
    expect(await shapeOf(legacy)).toEqual(await shapeOf(fresh));

    // The log goes on where it stopped, and order numbers too.
    const store = await PostgresEventStore.open({
      pool: legacy.pool,
      schema: legacy.schema,
      connectionString: legacy.url,
    });
    try {
      const stream = 'order-79a1fa2c-44e4-45e1-911b-decf208110a4';
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual([
        'OrderDraftCreated',
        'WizardStepSaved',
        'OrderFormCompleted',
        'CheckoutStarted',
        'DepositPaid',
        'ContractIssued',
        'OrderLinkedToClient',
      ]);
      const appended = await store.appendToStream(
        stream,
        [{ type: 'Noted', schemaVersion: 1, data: {}, metadata: {} }],
        { expectedRevision: 6n },
      );
      expect(appended.nextRevision).toBe(7n);
      // The events from before the hash chain got theirs at upgrade, and the append continues it.
      expect((await store.readStream(stream)).every((e) => /^[0-9a-f]{64}$/.test(e.hash ?? ''))).toBe(true);
      expect(await verifyHashChain(store)).toMatchObject({ ok: true, events: 9, broken: [] });
    } finally {
      await store.close();
    }
    const { rows } = await legacy.pool.query<{ n: string }>(
      `select nextval('${quoteIdent(legacy.schema)}.order_number_seq') as n`,
    );
    expect(rows[0]!.n).toBe('1002');
  });

  it('apply each migration once when processes start together, and nothing the second time', async () => {
    const db = await schema('mig_race', { migrate: false });
    const applied = await Promise.all(
      Array.from({ length: 4 }, () =>
        migrateDatabase({ url: db.url, schema: db.schema, migrations: allMigrations }),
      ),
    );
    expect(applied.flat().sort()).toEqual([...migrationNames].sort());
    const { rows } = await db.pool.query<{ name: string }>(
      `select name from ${quoteIdent(db.schema)}.${MIGRATIONS_TABLE} order by id`,
    );
    expect(rows.map((r) => r.name)).toEqual(migrationNames);
    expect(await migrateDatabase({ url: db.url, schema: db.schema, migrations: allMigrations })).toEqual([]);
  });

  it('store the order states as json, compressed with lz4 where the server has it', async () => {
    const db = await schema('mig_lz4', { migrate: true });
    const { rows } = await db.pool.query<{ type: string; compression: string; lz4: boolean }>(
      `select format_type(a.atttypid, a.atttypmod) as type, a.attcompression as compression,
              exists (select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) as lz4
       from pg_attribute a where a.attrelid = $1::regclass and a.attname = 'state'`,
      [`${quoteIdent(db.schema)}.order_detail`],
    );
    // This machine's PostgreSQL (Debian's) is built with lz4; a server without it keeps pglz ('').
    expect(rows[0]).toEqual({ type: 'json', compression: 'l', lz4: true });
  });

  it('change a table that has rows in place, and roll a failed migration back whole', async () => {
    const db = await legacySchema();
    await migrateDatabase({ url: db.url, schema: db.schema, migrations: allMigrations });
    class AddNote9999999999998 implements Migration {
      async up(q: MigrationDb) {
        await q.query(`alter table ${schemaOf(q)}.order_summary add column note text not null default ''`);
      }
      async down() {}
    }
    class Broken9999999999999 implements Migration {
      async up(q: MigrationDb) {
        await q.query(`alter table ${schemaOf(q)}.order_detail add column half_done int`);
        await q.query(`select 1 / 0`);
      }
      async down() {}
    }
    await expect(
      migrateDatabase({
        url: db.url,
        schema: db.schema,
        migrations: [...allMigrations, AddNote9999999999998, Broken9999999999999],
      }),
    ).rejects.toThrow(
      `Migration "Broken9999999999999" failed, error: division by zero (schema ${db.schema})`,
    );

    const s = quoteIdent(db.schema);
    const { rows } = await db.pool.query(`select company_name, note from ${s}.order_summary`);
    expect(rows).toEqual([{ company_name: 'Boulangerie Martin', note: '' }]);
    const columns = await db.pool.query(
      `select column_name from information_schema.columns where table_schema = $1 and table_name = 'order_detail'`,
      [db.schema],
    );
    expect(columns.rows.map((r: { column_name: string }) => r.column_name)).not.toContain('half_done');
    const recorded = await db.pool.query<{ name: string }>(
      `select name from ${s}.${MIGRATIONS_TABLE} order by id`,
    );
    expect(recorded.rows.map((r) => r.name)).toEqual([...migrationNames, 'AddNote9999999999998']);
  });

  it('run nothing again on a schema whose history records the baseline from before its split by owner', async () => {
    // A schema migrated before the split: its history names the one baseline, then the rest.
    const db = await legacySchema();
    await migrateDatabase({ url: db.url, schema: db.schema, migrations: allMigrations });
    const s = quoteIdent(db.schema);
    const splitParts = allMigrations.filter((m) => m.replaces === 'Baseline1795543200000').map((m) => m.name);
    expect(splitParts).toEqual([
      'EventStoreBaseline1795543200000',
      'ReadModelsBaseline1795543200002',
      'AppBaseline1795543200003',
    ]);
    await db.pool.query(`delete from ${s}.${MIGRATIONS_TABLE} where name = any($1)`, [splitParts]);
    await db.pool.query(`insert into ${s}.${MIGRATIONS_TABLE} (timestamp, name) values ($1, $2)`, [
      1795543200000,
      'Baseline1795543200000',
    ]);
    const before = await rowCounts(db);

    // Run again, the read models' part would bring back the indexes 1795740000000 dropped.
    expect(await migrateDatabase({ url: db.url, schema: db.schema, migrations: allMigrations })).toEqual([]);
    const { rows } = await db.pool.query<{ name: string }>(`select name from ${s}.${MIGRATIONS_TABLE}`);
    expect(rows.map((r) => r.name).sort()).toEqual([...migrationNames, 'Baseline1795543200000'].sort());
    expect(await rowCounts(db)).toEqual(before);
    const fresh = await schema('mig_split', { migrate: true });
    expect(await shapeOf(db)).toEqual(await shapeOf(fresh));
    // Recorded once: the next start finds nothing to do, nor to record.
    expect(await migrateDatabase({ url: db.url, schema: db.schema, migrations: allMigrations })).toEqual([]);
    const again = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from ${s}.${MIGRATIONS_TABLE}`,
    );
    expect(again.rows[0]!.n).toBe(migrationNames.length + 1);
  });

  it('record nothing of a split migration on a schema that never ran the one it replaces', async () => {
    const db = await schema('mig_parts', { migrate: true });
    const { rows } = await db.pool.query<{ name: string }>(
      `select name from ${quoteIdent(db.schema)}.${MIGRATIONS_TABLE} order by id`,
    );
    expect(rows.map((r) => r.name)).toEqual(migrationNames);
  });

  describe.each([
    ['the event store', 'backend/event-store/src/postgres/migrations', eventStoreMigrations],
    ['the read models', 'projections/src/migrations', readModelMigrations],
    ['the app', 'backend/src/infra/database/migrations', appMigrations],
  ])('of %s', (_owner, folder, migrations: readonly MigrationClass[]) => {
    it('are all listed by their owner, each file once, in the order of their timestamps', async () => {
      const files = (await readdir(join(repository, folder))).filter((f) => /^\d{13}-.+\.ts$/.test(f)).sort();
      expect(migrations.map((m) => m.name.slice(-13))).toEqual(files.map((f) => f.slice(0, 13)));
    });
  });

  it("are run by the app all together, each owner's once, ordered by timestamp", () => {
    const owners = [...eventStoreMigrations, ...readModelMigrations, ...appMigrations];
    expect([...migrationNames].sort()).toEqual(owners.map((m) => m.name).sort());
    expect(new Set(migrationNames).size).toBe(owners.length);
    const stamps = migrationNames.map((n) => Number(n.slice(-13)));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
  });
});
