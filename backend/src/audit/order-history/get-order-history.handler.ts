import { describeOrderEvent } from '@coseso/domain/orders/order-event-description';
import { type OrderEventData } from '@coseso/event-schemas/order/order-events';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '../../infra/tokens.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';
import { type ReplayStep, replayOrder, stepAt } from '../../orders/replay-order/replay-order.js';
import { ActorNames, type NamedActor } from '../actor-names.js';
import { GetOrderHistoryQuery, type OrderHistory } from './get-order-history.query.js';

/**
 * The one HTTP read that folds a stream instead of reading a read model: an order's history is
 * its stream, and the state after each event is the fold itself (the same replay as the CLI).
 */
@QueryHandler(GetOrderHistoryQuery)
export class GetOrderHistoryHandler implements IQueryHandler<GetOrderHistoryQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly actors: ActorNames,
  ) {}

  async execute({ orderId, at }: GetOrderHistoryQuery): Promise<OrderHistory> {
    const steps = await replayOrder(this.store, orderId);
    if (steps.length === 0) throw orderNotFound();
    const name = await this.actors.name(steps.map((step) => step.actor));
    const then = at ? stepAt(steps, at) : null;
    return {
      orderId,
      orderNumber: steps[steps.length - 1]!.state.orderNumber,
      events: steps.map(({ actor, ...step }) => {
        const named = name(actor);
        return { ...step, actor: named, description: describedBy(step, named) };
      }),
      at: at ? { at: at.toISOString(), revision: then?.revision ?? null, state: then?.state ?? null } : null,
    };
  }
}

/** The lines that say who did it are written again once the actors have names (the replay has none). */
function describedBy(step: Omit<ReplayStep, 'actor'>, actor: NamedActor): string {
  if (step.type !== 'EvidenceBundleExported') return step.description;
  const data = step.data as OrderEventData<'EvidenceBundleExported'>;
  return describeOrderEvent({ type: step.type, data }, actor.name);
}
