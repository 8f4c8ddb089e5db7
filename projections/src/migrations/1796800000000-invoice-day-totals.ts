import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The books' amounts of the invoices summed by issue day and kind: the accountant's period totals
 * read a row per day, not every document (filled by the invoices read model, version 3).
 */
export class InvoiceDayTotals1796800000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`create table if not exists ${s}.invoice_day_totals (
      issue_date date not null,
      kind text not null,
      documents integer not null,
      total_amount bigint not null,
      vat_amount bigint not null,
      total_with_vat bigint not null,
      constraint "PK_invoice_day_totals" primary key (issue_date, kind))`);
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`drop table if exists ${schemaOf(db)}.invoice_day_totals`);
  }
}
