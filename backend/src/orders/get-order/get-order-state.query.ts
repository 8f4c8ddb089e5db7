import { type OrderState } from '@coseso/domain/orders/order-state';
import { Query } from '@nestjs/cqrs';

/** The whole order as the order-detail read model holds it, or null for an unknown order. */
export class GetOrderStateQuery extends Query<OrderState | null> {
  constructor(readonly orderId: string) {
    super();
  }
}
