import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The dev mailbox delivers each email job once: an email job that ran twice (its worker lost Redis
 * after sending, and the job came back as stalled) finds its key taken and adds nothing.
 */
export class DevMailboxIdempotencyKey1795701000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`alter table ${s}.dev_mailbox add column if not exists idempotency_key text`);
    await db.query(
      `create unique index if not exists dev_mailbox_idempotency_key on ${s}.dev_mailbox (idempotency_key)`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`drop index if exists ${s}.dev_mailbox_idempotency_key`);
    await db.query(`alter table ${s}.dev_mailbox drop column if exists idempotency_key`);
  }
}
