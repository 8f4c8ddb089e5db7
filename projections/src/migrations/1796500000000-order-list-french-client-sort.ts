import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/** ICU's French collation (Debian's and the official images' PostgreSQL carry it): `clientSortCollation`. */
const FRENCH_COLLATION = 'fr-FR-x-icu';

/**
 * The admin list by client name, in French alphabetical order: under the database's C collation,
 * « Éditions » and « épicerie » came after « Zèbre ». The index keeps the handler's exact order, so
 * a page is still read off it.
 */
export class OrderListFrenchClientSort1796500000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`drop index if exists ${s}.order_summary_draft_client`);
    await db.query(
      `create index order_summary_draft_client on ${s}.order_summary (empty_draft, (lower(company_name)) collate "${FRENCH_COLLATION}", order_id)`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`drop index if exists ${s}.order_summary_draft_client`);
    await db.query(
      `create index order_summary_draft_client on ${s}.order_summary (empty_draft, lower(company_name), order_id)`,
    );
  }
}
