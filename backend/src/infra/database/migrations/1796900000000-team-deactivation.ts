import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * « Équipe » in the back-office: a member who left keeps their account (the log names them) but can
 * no longer sign in; an invited member has no password until they choose one through the link.
 */
export class TeamDeactivation1796900000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`alter table ${s}.admin_users add column if not exists deactivated_at timestamptz`);
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`alter table ${s}.admin_users drop column if exists deactivated_at`);
  }
}
