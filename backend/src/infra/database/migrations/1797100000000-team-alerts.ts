import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The team alerts waiting for their digest (TEAM_ALERTS=digest): one row per event, kept once
 * (a replayed event finds its row and joins no other window), told by the digest of its window.
 */
export class TeamAlerts1797100000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(`create table if not exists ${schemaOf(db)}.team_alerts (
      event_id text primary key,
      order_id uuid not null,
      title text not null,
      what text not null,
      recorded_at timestamptz not null,
      window_end timestamptz not null)`);
    await db.query(
      `create index if not exists team_alerts_window on ${schemaOf(db)}.team_alerts (window_end)`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`drop table if exists ${schemaOf(db)}.team_alerts`);
  }
}
