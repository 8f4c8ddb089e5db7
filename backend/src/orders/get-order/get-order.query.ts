import { type OrderView } from '@coseso/domain/orders/order-view';
import { Query } from '@nestjs/cqrs';

export class GetOrderQuery extends Query<OrderView> {
  /** `anonymous`: read by its id alone, without credentials (no personal field once it is paid). */
  constructor(
    readonly orderId: string,
    readonly anonymous = false,
  ) {
    super();
  }
}
