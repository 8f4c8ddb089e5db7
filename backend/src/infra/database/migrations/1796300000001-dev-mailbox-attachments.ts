import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * What the dev mailbox keeps of an email's attachments (each one's name, type, size and SHA-256;
 * not the bytes): enough to see that a receipt carried its invoice.
 */
export class DevMailboxAttachments1796300000001 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(
      `alter table ${schemaOf(db)}.dev_mailbox add column if not exists attachments jsonb not null default '[]'`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`alter table ${schemaOf(db)}.dev_mailbox drop column if exists attachments`);
  }
}
