import { orderStreamId, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type OrderCommand } from '@coseso/domain/orders/order-commands';
import { orderDecider } from '@coseso/domain/orders/order-decider';
import { type OrderState } from '@coseso/domain/orders/order-state';
import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { Injectable } from '@nestjs/common';
import { type CommandContext } from './command-context.js';
import { InjectedCommandRunner } from './injected-command-runner.js';
import { type CommandInput, type StreamCommandOutcome } from './stream-command-runner.js';

export type CommandOutcome = StreamCommandOutcome<OrderState, OrderEvent>;

/** What must follow a change of an order before its author hears of it (see onChanged). */
export type OrderChangeFollower = (orderId: string, state: OrderState) => Promise<void>;

/** Commands on `order-<id>` streams, decided by the order's transition table. */
@Injectable()
export class OrderCommandRunner extends InjectedCommandRunner(
  { decider: orderDecider, streamId: orderStreamId, read: readOrderEvent },
  // An erased order's state, folded before the erasure, held its contact in clear.
  ({ orderIds }) => orderIds,
) {
  private readonly followers: OrderChangeFollower[] = [];

  /**
   * Runs `follower` after each command that appended to an order, with the order's new state,
   * before the command's caller gets its answer (the payment links an order change made stale are
   * closed then, not some time later). A follower must not throw: the change is in the log already.
   */
  onChanged(follower: OrderChangeFollower): void {
    this.followers.push(follower);
  }

  override async runAll(
    id: string,
    commands: readonly CommandInput<OrderCommand>[],
    context: CommandContext,
  ): Promise<CommandOutcome> {
    const outcome = await super.runAll(id, commands, context);
    if (outcome.events.length > 0) for (const follow of this.followers) await follow(id, outcome.state);
    return outcome;
  }
}
