import { type Migration, type MigrationDb, schemaOf } from './migration.js';

/**
 * The auditors' explorer now reads the log through the event store port, in the store's reading
 * order, (transaction_id, global_position), as every reader of the log does: a page by global
 * position alone could be passed by a transaction that commits late. The type and actor indexes
 * end with that order instead of the position, so a filtered page is still one index range; as
 * many indexes as before, so the append pays nothing more.
 */
export class EventLogReadingOrder1796200000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`drop index if exists ${s}.events_by_type`);
    await db.query(`drop index if exists ${s}.events_by_actor`);
    await db.query(
      `create index if not exists events_by_type_in_log_order on ${s}.events (type, transaction_id, global_position)`,
    );
    await db.query(
      `create index if not exists events_by_actor_in_log_order on ${s}.events ((metadata -> 'actor' ->> 'kind'), (metadata -> 'actor' ->> 'id'), transaction_id, global_position)`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`drop index if exists ${s}.events_by_type_in_log_order`);
    await db.query(`drop index if exists ${s}.events_by_actor_in_log_order`);
    await db.query(`create index if not exists events_by_type on ${s}.events (type, global_position)`);
    await db.query(
      `create index if not exists events_by_actor on ${s}.events ((metadata -> 'actor' ->> 'kind'), (metadata -> 'actor' ->> 'id'), global_position)`,
    );
  }
}
