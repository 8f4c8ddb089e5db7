import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureDatabase } from './ensure-database.js';
import { testDatabaseUrl } from './testing/postgres-test-schema.js';

// `npm start` starts the API and the projector at once on a fresh machine: both find no database.
it('creates a missing database once when several processes start together, none of them failing', async () => {
  const name = `coseso_start_${randomBytes(4).toString('hex')}`;
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  try {
    await Promise.all(Array.from({ length: 6 }, () => ensureDatabase(url.toString())));
    const { rows } = await admin.query('select count(*)::int as n from pg_database where datname = $1', [
      name,
    ]);
    expect(rows[0].n).toBe(1);
  } finally {
    await admin.query(`drop database if exists "${name}"`);
    await admin.end();
  }
});
