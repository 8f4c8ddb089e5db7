import { isClientStream, readClientEvent } from '@coseso/domain/events/event-reader';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { type EntityManager } from 'typeorm';
import { type Statement, bulkInsertStatement, runStatements, tableOf } from '../../bulk-write.js';
import { type Projector } from '../../projector.js';
import { type ShadowTables } from '../../replay.js';
import { ClientAccountRow } from './client-account.entity.js';

const columns = (['clientId', 'email', 'firstName', 'lastName', 'createdAt'] as const).map((property) => ({
  property,
}));

export const clientAccountsProjector: Projector = {
  name: 'client-accounts',
  version: 1,
  entities: [ClientAccountRow],
  async project(events: readonly StoredEvent[], em: EntityManager) {
    await runStatements(em, accountWrites(events, em));
  },
  writes: accountWrites,
  // Each event comes once: an account created is new, appended with COPY.
  replayer: () => ({
    async replay(events: readonly StoredEvent[], shadow: ShadowTables) {
      const { created, erased } = accountChanges(events);
      shadow.append(ClientAccountRow, created, columns);
      if (erased.length > 0) shadow.run(deletion(shadow.table(ClientAccountRow), erased));
    },
  }),
};

function accountWrites(events: readonly StoredEvent[], em: EntityManager): Statement[] {
  const { created, erased } = accountChanges(events);
  // A replayed creation hits the primary key and changes nothing.
  const inserts = bulkInsertStatement(
    em,
    ClientAccountRow,
    created,
    columns,
    (column) => `on conflict (${column('clientId')}) do nothing`,
  );
  return [
    ...(inserts ? [inserts] : []),
    ...(erased.length > 0 ? [deletion(tableOf(em, ClientAccountRow), erased)] : []),
  ];
}

const deletion = (table: string, clientIds: string[]): Statement => ({
  sql: `delete from ${table} where client_id = any($1::uuid[])`,
  params: [clientIds],
});

function accountChanges(events: readonly StoredEvent[]) {
  const clientEvents = events.filter((e) => isClientStream(e.streamId)).map(readClientEvent);
  const created = clientEvents.flatMap((event): ClientAccountRow[] =>
    // An erased account is no account to look up (and its erased address is no address): a
    // rebuild leaves it out, as the live projection deletes it on ClientDataErased.
    event.type === 'ClientAccountCreated' && event.data.email !== ERASED
      ? [
          {
            clientId: event.data.clientId,
            email: event.data.email.toLowerCase(),
            firstName: event.data.firstName,
            lastName: event.data.lastName,
            createdAt: new Date(event.metadata.occurredAt),
          },
        ]
      : [],
  );
  const erased = clientEvents.flatMap((event) =>
    event.type === 'ClientDataErased' ? [event.data.clientId] : [],
  );
  return { created, erased };
}
