import { type ClientEventData } from '@coseso/event-schemas/client/client-events';
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
      .filter((e) => e.type === 'ClientAccountCreated')
      .map((e): ClientAccountRow => {
        const data = e.data as ClientEventData<'ClientAccountCreated'>;
        return {
          clientId: data.clientId,
          email: data.email.toLowerCase(),
          firstName: data.firstName,
          lastName: data.lastName,
          createdAt: new Date(String(e.metadata['occurredAt'])),
        };
      });
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
