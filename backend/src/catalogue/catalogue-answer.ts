import { type CatalogueVersion } from '@coseso/domain/catalogue/catalogue-decider';
import { schema } from '../infra/http/api-schemas.js';
import { IMPLICIT_FIRST_VERSION_SINCE } from './catalogue.service.js';

const effectiveFrom = schema.nullable(
  schema.dateTime(
    'When it starts pricing new drafts; null for version 1 before the log records it (the grid sold since orders opened): once recorded, the time it was seeded, at the first publication',
  ),
);
const publishedAt = schema.nullable(
  schema.dateTime('When it was published; null for version 1 before the log records it'),
);

/** A catalogue version as the API answers it. */
export const catalogueVersionSchema = schema.object({
  version: schema.integer('The version number, from 1'),
  effectiveFrom,
  publishedAt,
  reason: schema.string('Why it was published'),
  grid: schema.ref('CatalogueGrid'),
});

/** With who published it and the changes from the version before: what the back-office's history shows. */
export const catalogueHistoryEntrySchema = schema.object({
  version: schema.integer('The version number, from 1'),
  effectiveFrom,
  publishedAt,
  publishedBy: schema.string('Who published it: the admin’s email, or « Le système » for version 1'),
  reason: schema.string('Why it was published'),
  changes: schema.array(schema.ref('CatalogueChange')),
  grid: schema.ref('CatalogueGrid'),
  orders: schema.integer(
    'How many orders were priced at it (the admin list’s catalogueVersion filter lists them)',
  ),
});

/** A time the log recorded; null for version 1 before the log holds it, never 1 January 1970. */
const recorded = (at: string): string | null => (at === IMPLICIT_FIRST_VERSION_SINCE ? null : at);

export const publicVersion = ({ version, effectiveFrom, publishedAt, reason, grid }: CatalogueVersion) => ({
  version,
  effectiveFrom: recorded(effectiveFrom),
  publishedAt: recorded(publishedAt),
  reason,
  grid,
});

/** A version as the history shows it, `publishedBy` named (ActorNames: an admin by their email), with its orders' count. */
export const historyEntry = (entry: CatalogueVersion, publishedBy: string, orders = 0) => ({
  ...publicVersion(entry),
  publishedBy,
  changes: entry.changes,
  orders,
});
