import { Query } from '@nestjs/cqrs';

/** Whether the order exists and belongs to the client, by the order-views read model. */
export class ClientOwnsOrderQuery extends Query<boolean> {
  constructor(
    readonly clientId: string,
    readonly orderId: string,
  ) {
    super();
  }
}
