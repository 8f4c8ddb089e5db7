import { type CatalogueVersion } from '@coseso/domain/catalogue/catalogue-decider';
import { schema } from '../infra/http/api-schemas.js';

/** A catalogue version as the API answers it. */
export const catalogueVersionSchema = schema.object({
  version: schema.integer('The version number, from 1'),
  effectiveFrom: schema.dateTime('When it starts pricing new drafts'),
  publishedAt: schema.dateTime(),
  reason: schema.string('Why it was published'),
  grid: schema.ref('CatalogueGrid'),
});

/** With who published it and the changes from the version before: what the back-office's history shows. */
export const catalogueHistoryEntrySchema = schema.object({
  version: schema.integer('The version number, from 1'),
  effectiveFrom: schema.dateTime('When it starts pricing new drafts'),
  publishedAt: schema.dateTime(),
  publishedBy: schema.string('Who published it: the admin’s email, or « Le système » for version 1'),
  reason: schema.string('Why it was published'),
  changes: schema.array(schema.ref('CatalogueChange')),
  grid: schema.ref('CatalogueGrid'),
  orders: schema.integer(
    'How many orders were priced at it (the admin list’s catalogueVersion filter lists them)',
  ),
});

export const publicVersion = ({ version, effectiveFrom, publishedAt, reason, grid }: CatalogueVersion) => ({
  version,
  effectiveFrom,
  publishedAt,
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
