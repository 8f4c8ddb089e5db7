import { type Migration, type MigrationDb, schemaOf } from './migration.js';

/**
 * The auditors' explorer filters the log by event type, by actor and by time, and pages by global
 * position: an index for each, so a page costs the same on a log of millions. The time index is a
 * BRIN one: the log is appended in time order, so it stays a few pages and costs the append nothing
 * measurable.
 */
export class EventLogIndexes1795633200001 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`create index if not exists events_by_type on ${s}.events (type, global_position)`);
    await db.query(
      `create index if not exists events_by_actor on ${s}.events ((metadata -> 'actor' ->> 'kind'), (metadata -> 'actor' ->> 'id'), global_position)`,
    );
    await db.query(`create index if not exists events_by_time on ${s}.events using brin (recorded_at)`);
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    for (const index of ['events_by_type', 'events_by_actor', 'events_by_time'])
      await db.query(`drop index if exists ${s}.${index}`);
  }
}
