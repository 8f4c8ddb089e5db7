import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The accounts table follows the `team` stream: each account remembers the position of the last
 * team event applied to it, so a change applied again (its job retried after a crash) or late (after
 * a later change of the same member) changes nothing.
 */
export class TeamPosition1797250000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`alter table ${s}.admin_users add column if not exists team_position bigint`);
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`alter table ${s}.admin_users drop column if exists team_position`);
  }
}
