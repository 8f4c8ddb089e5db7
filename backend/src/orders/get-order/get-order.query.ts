import { type OrderView } from '@coseso/domain/orders/order-view';
import { Query } from '@nestjs/cqrs';

export class GetOrderQuery extends Query<OrderView> {
  constructor(readonly orderId: string) {
    super();
  }
}
