import { Query } from '@nestjs/cqrs';

/** One entry of an order's history as the client area shows it: what happened, and when. */
export interface OrderTimelineEntry {
  type: string;
  occurredAt: string;
}

/** The order's events, oldest first, from the order-timeline read model. */
export class GetOrderTimelineQuery extends Query<OrderTimelineEntry[]> {
  constructor(readonly orderId: string) {
    super();
  }
}
