import { type OrderState } from '@coseso/domain/orders/order-state';
import { Query } from '@nestjs/cqrs';
import { type StateChange } from '../../orders/replay-order/order-state-diff.js';
import { type NamedActor } from '../../auth/actor-names.js';

export interface OrderHistoryEvent {
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly occurredAt: string;
  readonly recordedAt: string;
  readonly actor: NamedActor;
  readonly description: string;
  readonly data: unknown;
  readonly hash: string | null;
  readonly state: OrderState;
  readonly changes: readonly StateChange[];
}

export interface OrderHistory {
  readonly orderId: string;
  readonly orderNumber: number;
  readonly events: readonly OrderHistoryEvent[];
  /** With `at`: the order as it stood then, after the event of `revision` (null: it did not exist yet). */
  readonly at: {
    readonly at: string;
    readonly revision: number | null;
    readonly state: OrderState | null;
  } | null;
}

/** An order's whole history from its own stream, for staff answering "what did this client sign for, and when?". */
export class GetOrderHistoryQuery extends Query<OrderHistory> {
  constructor(
    readonly orderId: string,
    readonly at: Date | null,
  ) {
    super();
  }
}
