import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The keys of the data subjects (an order's contact, a client), outside the log: each encrypts the
 * personal fields of its subject's events. Erasing a subject sets `wrapped_key` to null for good
 * (crypto-shredding); the row stays, so a later append for that subject writes no personal data.
 */
export class DataSubjectKeys1795703000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(
      `create table if not exists ${s}.data_subject_keys (
        subject_id text primary key,
        wrapped_key bytea,
        created_at timestamptz not null default now(),
        erased_at timestamptz,
        check ((wrapped_key is null) = (erased_at is not null))
      )`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`drop table if exists ${schemaOf(db)}.data_subject_keys`);
  }
}
