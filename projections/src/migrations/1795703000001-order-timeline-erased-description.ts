import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * A timeline line as it reads once the order's contact is erased (null when it names nobody): the
 * projector swaps it in on a ClientDataErased, as a rebuild would write it.
 */
export class OrderTimelineErasedDescription1795703000001 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(
      `alter table ${schemaOf(db)}.order_timeline add column if not exists erased_description text`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`alter table ${schemaOf(db)}.order_timeline drop column if exists erased_description`);
  }
}
