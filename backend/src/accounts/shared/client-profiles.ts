import { clientStreamId, readClientEvent } from '@coseso/domain/events/event-reader';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '../../infra/tokens.js';

export interface ClientProfile {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

/** Who a client is, from the client's own stream (no projection lag right after the account is made). */
@Injectable()
export class ClientProfiles {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async profile(clientId: string): Promise<ClientProfile | null> {
    const events = (await this.store.readStream(clientStreamId(clientId))).map(readClientEvent);
    const created = events.find((e) => e.type === 'ClientAccountCreated');
    if (!created) return null;
    const { data } = created;
    return { id: data.clientId, email: data.email, firstName: data.firstName, lastName: data.lastName };
  }
}
