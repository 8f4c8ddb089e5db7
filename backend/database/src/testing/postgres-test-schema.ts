import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureDatabase } from '../ensure-database.js';
import { type MigrationClass, migrateDatabase } from '../migration-runner.js';

export const testDatabaseUrl = () =>
  process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/coseso_test';

export interface TestSchema {
  readonly url: string;
  readonly schema: string;
  readonly pool: pg.Pool;
  drop(): Promise<void>;
}

/**
 * A schema of its own for one test file, so test files run in parallel without seeing each other;
 * made by `migrations` (the app's `allMigrations`, or the owners' lists a package's tests need), or
 * not made at all when there are none (it then does not exist yet).
 */
export async function createTestSchema(
  prefix: string,
  poolSize: number,
  { migrations }: { migrations: readonly MigrationClass[] | null },
): Promise<TestSchema> {
  const url = testDatabaseUrl();
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (migrations) await migrateDatabase({ url, schema, migrations });
  else await ensureDatabase(url);
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  return {
    url,
    schema,
    pool,
    async drop() {
      await pool.query(`drop schema if exists "${schema}" cascade`).catch(() => {});
      await pool.end();
    },
  };
}
