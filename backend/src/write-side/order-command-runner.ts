import { orderStreamId, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type OrderCommand } from '@coseso/domain/orders/order-commands';
import { orderDecider } from '@coseso/domain/orders/order-decider';
import { type OrderState } from '@coseso/domain/orders/order-state';
import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { PersonalDataEventStore } from '../infra/personal-data/personal-data-event-store.js';
import { EVENT_STORE } from '../infra/tokens.js';
import { StreamCommandRunner, type StreamCommandOutcome } from './stream-command-runner.js';

export type CommandOutcome = StreamCommandOutcome<OrderState, OrderEvent>;

/** Commands on `order-<id>` streams, decided by the order's transition table. */
@Injectable()
export class OrderCommandRunner extends StreamCommandRunner<OrderCommand, OrderState, OrderEvent> {
  constructor(@Inject(EVENT_STORE) store: EventStore) {
    super(store, { decider: orderDecider, streamId: orderStreamId, read: readOrderEvent });
    // An erased order's state, folded before the erasure, held its contact in clear.
    if (store instanceof PersonalDataEventStore)
      store.onErasure(({ orderIds }) => orderIds.forEach((id) => this.forget(id)));
  }
}
