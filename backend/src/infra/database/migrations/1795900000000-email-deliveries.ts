import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The SMTP delivery log: one row per email job's idempotency key that a transport without one of its
 * own (SMTP) has delivered, so that the job run again after its worker lost Redis sends nothing more
 * (DeliveredOnceTransport, backend/src/emails). Nothing personal on purpose: the key (the job's id,
 * made of an event id or a random UUID and the template), the SMTP Message-ID (a random id at the
 * sender's domain) and the template name. Erasing a client (decision 26) need not touch it.
 */
export class EmailDeliveries1795900000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(
      `create table if not exists ${s}.email_deliveries (
        idempotency_key text primary key,
        message_id text not null,
        template text not null,
        sent_at timestamptz not null default now()
      )`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`drop table if exists ${schemaOf(db)}.email_deliveries`);
  }
}
