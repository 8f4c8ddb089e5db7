import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The invoices read model: one row per document issued (InvoiceIssued, CreditNoteIssued), read by
 * order (the client's list, the order's panel) and by issue day (the accountant's period).
 */
export class Invoices1796300000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`create table if not exists ${s}.invoice (
      number text not null,
      kind text not null,
      order_id uuid not null,
      order_number integer not null,
      issue_date date not null,
      position bigint not null,
      purpose text not null,
      total_amount integer not null,
      vat_amount integer not null,
      total_with_vat integer not null,
      corrects text,
      pdf_sha256 text not null,
      document json not null,
      constraint "PK_60284980bc8b9c624459948f4ac" primary key (number))`);
    await db.query(
      `create index if not exists "IDX_868c5265ee1a26af46ff8d4334" on ${s}.invoice (issue_date, position)`,
    );
    await db.query(
      `create index if not exists "IDX_ada706232d561394fd283e0fe1" on ${s}.invoice (order_id, position)`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`drop table if exists ${schemaOf(db)}.invoice`);
  }
}
