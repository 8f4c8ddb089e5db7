import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The admin list's other orders (by creation, amount, client name), each for the default list
 * (the drafts nobody filled in left out) in the handler's exact order, so a page is read off the
 * index and the scan stops after it instead of sorting every order. The filtered lists (a status, a
 * template) are small enough to sort.
 */
const indexes = [
  ['order_summary_draft_created', '(empty_draft, created_at desc, order_id)'],
  ['order_summary_draft_amount', '(empty_draft, total_with_vat desc nulls last, order_id)'],
  ['order_summary_draft_client', '(empty_draft, lower(company_name), order_id)'],
] as const;

export class OrderListMoreSorts1796390000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    for (const [name, columns] of indexes)
      await db.query(`create index if not exists ${name} on ${s}.order_summary ${columns}`);
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    for (const [name] of indexes) await db.query(`drop index if exists ${s}.${name}`);
  }
}
