import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/** The catalogue read model: one row per published version, with its whole grid. */
export class CatalogueVersions1797300000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(`create table if not exists ${schemaOf(db)}.catalogue_version (
      version integer not null,
      effective_from timestamptz not null,
      published_at timestamptz not null,
      published_by jsonb not null,
      reason text not null,
      changes jsonb not null,
      grid jsonb not null,
      constraint "PK_catalogue_version" primary key (version))`);
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`drop table if exists ${schemaOf(db)}.catalogue_version`);
  }
}
