import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The conversation read model: each order's thread (messages, and the order's steps that speak to
 * the other side), and per order how far each side has read.
 */
export class Conversation1796700000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`create table if not exists ${s}.order_message (
      order_id uuid not null,
      revision integer not null,
      position bigint not null,
      kind text not null,
      seq integer,
      author text not null,
      channel text,
      text text not null,
      url text,
      attachments jsonb not null,
      attachment_names text not null,
      posted_at timestamptz not null,
      constraint "PK_e36a0c9ed4d37d052b1d44ffafa" primary key (order_id, revision))`);
    await db.query(`create table if not exists ${s}.order_conversation (
      order_id uuid not null,
      messages integer not null,
      read_by_client integer not null,
      read_by_team integer not null,
      last_message_at timestamptz,
      constraint "PK_5e68e966db1ec8edba0a0f66dc2" primary key (order_id))`);
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`drop table if exists ${schemaOf(db)}.order_message`);
    await db.query(`drop table if exists ${schemaOf(db)}.order_conversation`);
  }
}
