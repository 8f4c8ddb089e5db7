import { isClientStream, readClientEvent } from '@coseso/domain/events/event-reader';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { type EntityManager, In } from 'typeorm';
import { bulkInsert } from '../../bulk-write.js';
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
    const { created, erased } = accountChanges(events);
    // A replayed creation hits the primary key and changes nothing.
    await bulkInsert(
      em,
      ClientAccountRow,
      created,
      columns,
      (column) => `on conflict (${column('clientId')}) do nothing`,
    );
    if (erased.length > 0) await em.getRepository(ClientAccountRow).delete({ clientId: In(erased) });
  },
  // Each event comes once: an account created is new, appended with COPY.
  replayer: () => ({
    async replay(events: readonly StoredEvent[], shadow: ShadowTables) {
      const { created, erased } = accountChanges(events);
      shadow.append(ClientAccountRow, created, columns);
      if (erased.length > 0)
        shadow.run({
          sql: `delete from ${shadow.table(ClientAccountRow)} where client_id = any($1::uuid[])`,
          params: [erased],
        });
    },
  }),
};

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
