import pg from 'pg';

/** Creates the database named in `connectionString` when it does not exist yet (first start on a fresh machine). */
export async function ensureDatabase(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database) return;
  const probe = new pg.Client({ connectionString });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // anything but "database does not exist"
  } finally {
    await probe.end().catch(() => {});
  }
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${database.replace(/"/g, '""')}"`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error; // created meanwhile by another process
  } finally {
    await admin.end();
  }
}

/** Creates `schema` once, even when several processes start at the same moment. */
export function ensureSchema(pool: pg.Pool, schema: string): Promise<void> {
  return runDdlOnce(pool, `schema:${schema}`, `create schema if not exists "${schema.replace(/"/g, '""')}"`);
}

/**
 * Runs `ddl` (`create … if not exists` statements) in one transaction under an advisory lock named
 * `lock`: processes starting together would otherwise race on the catalog, "if not exists" or not.
 */
export async function runDdlOnce(pool: pg.Pool, lock: string, ddl: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [lock]);
    await client.query(ddl);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
