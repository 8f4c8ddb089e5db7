import { type AdminOrderView } from '@coseso/domain/orders/admin-order-view';
import { Query } from '@nestjs/cqrs';

/** One order as the back-office's detail panel shows it, from the order-detail read model. */
export class GetAdminOrderQuery extends Query<AdminOrderView> {
  constructor(readonly orderId: string) {
    super();
  }
}
