import { Query } from '@nestjs/cqrs';
import { type OrderHistory } from './order-history.schema.js';

/** An order's whole history from its own stream, for staff answering "what did this client sign for, and when?". */
export class GetOrderHistoryQuery extends Query<OrderHistory> {
  constructor(
    readonly orderId: string,
    readonly at: Date | null,
  ) {
    super();
  }
}
