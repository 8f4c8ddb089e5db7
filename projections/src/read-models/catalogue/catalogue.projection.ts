import { isCatalogueStream, readCatalogueEvent } from '@coseso/domain/events/event-reader';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { type EntityManager } from 'typeorm';
import { type Statement, bulkInsertStatement, runStatements } from '../../bulk-write.js';
import { type Projector } from '../../projector.js';
import { type ShadowTables } from '../../replay.js';
import { CatalogueVersionRow } from './catalogue-version.entity.js';

const columns = (
  ['version', 'effectiveFrom', 'publishedAt', 'publishedBy', 'reason', 'changes', 'grid'] as const
).map((property) => ({ property }));

/**
 * The catalogue read model: each CatalogueVersionPublished is one row, never changed afterwards.
 * Every page, the wizard and the documents read the catalogue through it
 * (docs/adr/0123-the-catalogue-is-a-stream-of-versions.md).
 */
export const catalogueProjector: Projector = {
  name: 'catalogue',
  // 2: the grids hold the account manager, « Solution Express » and the external host (CatalogueVersionPublished v2).
  // 3: the grids hold the launch offers (CatalogueVersionPublished v3).
  version: 3,
  entities: [CatalogueVersionRow],
  async project(events: readonly StoredEvent[], em: EntityManager) {
    await runStatements(em, catalogueWrites(events, em));
  },
  writes: catalogueWrites,
  // Each version comes once: appended with COPY.
  replayer: () => ({
    async replay(events: readonly StoredEvent[], shadow: ShadowTables) {
      shadow.append(CatalogueVersionRow, rowsOf(events), columns);
    },
  }),
};

function catalogueWrites(events: readonly StoredEvent[], em: EntityManager): Statement[] {
  // A replayed version hits the primary key and changes nothing.
  const inserts = bulkInsertStatement(
    em,
    CatalogueVersionRow,
    rowsOf(events),
    columns,
    (column) => `on conflict (${column('version')}) do nothing`,
  );
  return inserts ? [inserts] : [];
}

function rowsOf(events: readonly StoredEvent[]): CatalogueVersionRow[] {
  return events
    .filter((e) => isCatalogueStream(e.streamId))
    .map(readCatalogueEvent)
    .flatMap((event): CatalogueVersionRow[] =>
      event.type === 'CatalogueVersionPublished'
        ? [
            {
              version: event.data.version,
              effectiveFrom: new Date(event.data.effectiveFrom),
              publishedAt: new Date(event.metadata.occurredAt),
              publishedBy: event.metadata.actor,
              reason: event.data.reason,
              changes: event.data.changes,
              grid: event.data.grid,
            },
          ]
        : [],
    );
}
