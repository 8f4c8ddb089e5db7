import { orderStreamId, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type OrderCommand } from '@coseso/domain/orders/order-commands';
import { orderDecider } from '@coseso/domain/orders/order-decider';
import { type OrderState } from '@coseso/domain/orders/order-state';
import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { type Clock } from '@coseso/domain/shared/clock';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { PersonalDataEventStore } from '../infra/personal-data/personal-data-event-store.js';
import { type AppConfig } from '../config/app-config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE } from '../infra/tokens.js';
import { type CommandContext } from './command-context.js';
import {
  type CommandInput,
  StreamCommandRunner,
  type StreamCommandOutcome,
} from './stream-command-runner.js';

export type CommandOutcome = StreamCommandOutcome<OrderState, OrderEvent>;

/** What must follow a change of an order before its author hears of it (see onChanged). */
export type OrderChangeFollower = (orderId: string, state: OrderState) => Promise<void>;

/** Commands on `order-<id>` streams, decided by the order's transition table. */
@Injectable()
export class OrderCommandRunner extends StreamCommandRunner<OrderCommand, OrderState, OrderEvent> {
  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'NODE_ENV'>,
    @Optional() @Inject(CLOCK) clock?: Clock,
  ) {
    super(
      store,
      { decider: orderDecider, streamId: orderStreamId, read: readOrderEvent },
      config?.NODE_ENV !== 'production',
      clock,
    );
    // An erased order's state, folded before the erasure, held its contact in clear.
    if (store instanceof PersonalDataEventStore)
      store.onErasure(({ orderIds }) => orderIds.forEach((id) => this.forget(id)));
  }

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
