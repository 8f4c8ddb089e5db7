/**
 * The Postgres adapter's public face: what the app, the projections, the scripts and the tests may
 * use of it (opening the store, its migrations and the migrations' contract, pool hygiene).
 * Everything under `postgres/` is the adapter's own: a test (adapter-internals.unit.spec.ts) and a
 * lint rule fail on any import of it from outside this package.
 */
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store.js';
export { hearLostConnections } from './postgres/lost-connections.js';
export { quoteIdent } from './postgres/postgres-schema.js';
export {
  type Migration,
  type MigrationClass,
  type MigrationDb,
  schemaOf,
} from './postgres/migrations/migration.js';
export { eventStoreMigrations } from './postgres/migrations/event-store-migrations.js';
