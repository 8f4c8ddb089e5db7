import { type OrderView } from '@coseso/domain/orders/order-view';
import { Query } from '@nestjs/cqrs';

/** The client area's orders: the client's own, newest first. */
export class ListClientOrdersQuery extends Query<OrderView[]> {
  constructor(readonly clientId: string) {
    super();
  }
}
