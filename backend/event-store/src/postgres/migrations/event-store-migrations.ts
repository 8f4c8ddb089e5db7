import { EventStoreBaseline1795543200000 } from './1795543200000-event-store-baseline.js';
import { EventHashChain1795633200000 } from './1795633200000-event-hash-chain.js';
import { EventLogIndexes1795633200001 } from './1795633200001-event-log-indexes.js';
import { EventLogReadingOrder1796200000000 } from './1796200000000-event-log-reading-order.js';
import { type MigrationClass } from './migration.js';

/** The migrations of the event store's own tables (the log, its streams), oldest first. */
export const eventStoreMigrations: readonly MigrationClass[] = [
  EventStoreBaseline1795543200000,
  EventHashChain1795633200000,
  EventLogIndexes1795633200001,
  EventLogReadingOrder1796200000000,
];
