import { eventStoreContract } from '../testing/event-store.contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

// e.g. esdb://127.0.0.1:2113?tls=false for an insecure single node
const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;
const describeIfEsdb = connectionString ? describe : describe.skip;
const title = connectionString
  ? 'EventStoreDbEventStore'
  : 'EventStoreDbEventStore (skipped: set EVENTSTORE_CONNECTION_STRING to run against a real EventStoreDB)';

describeIfEsdb(title, () => {
  let store: EventStoreDbEventStore;
  const others: EventStoreDbEventStore[] = [];
  const open = () => EventStoreDbEventStore.open({ connectionString: connectionString ?? '' });

  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await Promise.all([store, ...others].map((s) => s?.close()));
  });

  eventStoreContract({
    store: () => store,
    openAnother: async () => {
      const other = await open();
      others.push(other);
      return other;
    },
  });
});
