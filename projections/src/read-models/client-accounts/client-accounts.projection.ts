import { isClientStream, readClientEvent } from '@coseso/domain/events/event-reader';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { type EntityManager } from 'typeorm';
import { bulkInsert } from '../../bulk-write.js';
import { type Projector } from '../../projector.js';
import { ClientAccountRow } from './client-account.entity.js';

const columns = (['clientId', 'email', 'firstName', 'lastName', 'createdAt'] as const).map((property) => ({
  property,
}));

export const clientAccountsProjector: Projector = {
  name: 'client-accounts',
  version: 1,
  entities: [ClientAccountRow],
  async project(events: readonly StoredEvent[], em: EntityManager) {
    const rows = events
      .filter((e) => isClientStream(e.streamId))
      .map(readClientEvent)
      .flatMap((event): ClientAccountRow[] =>
        event.type === 'ClientAccountCreated'
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
    // A replayed creation hits the primary key and changes nothing.
    await bulkInsert(
      em,
      ClientAccountRow,
      rows,
      columns,
      (column) => `on conflict (${column('clientId')}) do nothing`,
    );
  },
};
