import { Query } from '@nestjs/cqrs';

export interface ClientProfile {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

/** Who a client is, from the client-accounts read model; null for an unknown client. */
export class GetClientProfileQuery extends Query<ClientProfile | null> {
  constructor(readonly clientId: string) {
    super();
  }
}
