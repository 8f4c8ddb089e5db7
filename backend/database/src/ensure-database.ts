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
    // Created meanwhile by another process: said as « already exists » (42P04), or, when both
    // creations ran at once, as the catalogue's unique index refusing the second (23505).
    const code = (error as { code?: string }).code;
    if (code !== '42P04' && code !== '23505') throw error;
  } finally {
    await admin.end();
  }
}
