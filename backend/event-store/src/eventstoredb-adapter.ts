/**
 * The EventStoreDB adapter's public face: opening the store. Everything under `eventstoredb/` is
 * the adapter's own (adapter-internals.unit.spec.ts). Imported lazily by the app, so that the
 * gRPC client loads only when EventStoreDB is configured.
 */
export {
  EventStoreDbEventStore,
  type EventStoreDbEventStoreOptions,
} from './eventstoredb/eventstoredb-event-store.js';
