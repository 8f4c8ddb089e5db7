import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * « Mot de passe oublié » for back-office accounts: their one-time reset links (each stored as a
 * SHA-256 digest, single-use, short-lived, all ended once one is used or the password changes), and
 * the name the back-office shows instead of the address.
 */
export class AdminResetLinks1796400000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`
create table if not exists ${s}.admin_reset_tokens (
  token_hash text primary key, admin_id uuid not null, expires_at timestamptz not null, used_at timestamptz);
create index if not exists admin_reset_tokens_admin on ${s}.admin_reset_tokens (admin_id);
alter table ${s}.admin_users add column if not exists name text;
`);
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`drop table if exists ${s}.admin_reset_tokens`);
    await db.query(`alter table ${s}.admin_users drop column if exists name`);
  }
}
