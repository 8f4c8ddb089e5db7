import { type CatalogueChange, type CatalogueGrid } from '@coseso/event-schemas/catalogue/catalogue-events';
import { type Actor } from '@coseso/event-schemas/envelope';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per published version of the catalogue: the whole grid it makes, from when it prices,
 * who published it and why. Never changed afterwards (a version is immutable, a fix is the next).
 */
@Entity({ name: 'catalogue_version' })
export class CatalogueVersionRow {
  @PrimaryColumn('int')
  version!: number;

  @Column('timestamptz', { name: 'effective_from' })
  effectiveFrom!: Date;

  @Column('timestamptz', { name: 'published_at' })
  publishedAt!: Date;

  @Column('jsonb', { name: 'published_by' })
  publishedBy!: Actor;

  @Column('text')
  reason!: string;

  @Column('jsonb')
  changes!: CatalogueChange[];

  @Column('jsonb')
  grid!: CatalogueGrid;
}
