import { type OrderState } from '@coseso/domain/orders/order-state';
import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';

export interface OrderContactErasure {
  readonly orderId: string;
  /** Events of the order stored in clear before encryption existed: the log keeps them as written. */
  readonly plaintextEvents: number;
  /** The order after the erasure (its contact reads « données effacées »). */
  readonly state: OrderState;
  readonly position: bigint | null;
  /** When the erasure ran, by the runner's Clock. */
  readonly at: string;
}

/** An admin erases the contact of an order that never became a client's (right to be forgotten), for a reason. */
export class EraseOrderContactCommand extends Command<OrderContactErasure> {
  constructor(
    readonly orderId: string,
    readonly reason: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
