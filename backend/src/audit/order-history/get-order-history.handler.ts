import { clientStreamId, readClientEvent } from '@coseso/domain/events/event-reader';
import { describeClientDataErased, describeOrderEvent } from '@coseso/domain/orders/order-event-description';
import { inertStrings } from '@coseso/domain/shared/inert-text';
import { type OrderEventData } from '@coseso/event-schemas/order/order-events';
import { type EventStore, type StoredEvent } from '@coseso/event-store/event-store';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '../../infra/tokens.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';
import { type ReplayStep, replayOrder, stepAt } from '../../orders/replay-order/replay-order.js';
import { ActorNames, type NamedActor } from '../../auth/actor-names.js';
import { GetOrderHistoryQuery } from './get-order-history.query.js';
import { type OrderHistory } from './order-history.schema.js';

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
    const steps = await this.withClientErasures(orderId, await replayOrder(this.store, orderId));
    if (steps.length === 0) throw orderNotFound();
    const name = await this.actors.name(steps.map((step) => step.actor));
    const then = at ? stepAt(steps, at) : null;
    return {
      orderId,
      orderNumber: steps[steps.length - 1]!.state.orderNumber,
      // What clients typed is shown without bidi nor control characters (a name read backwards).
      events: steps.map(({ actor, ...step }) => {
        const named = name(actor);
        return inertStrings({ ...step, actor: named, description: describedBy(step, named) });
      }),
      at: at ? { at: at.toISOString(), revision: then?.revision ?? null, state: then?.state ?? null } : null,
    };
  }

  /**
   * The erasure of the order's client is an event of the client's stream, yet a fact of the order
   * (who erased it, when, why): it takes its place among the order's steps by its position in the
   * log, and the order reads as erased from then on.
   */
  private async withClientErasures(orderId: string, steps: ReplayStep[]): Promise<ReplayStep[]> {
    const clientId = steps.at(-1)?.state.clientId;
    if (!clientId) return steps;
    const erasures = (await this.store.readStream(clientStreamId(clientId)))
      .map((stored) => ({ stored, event: readClientEvent(stored) }))
      .filter(({ event }) => event.type === 'ClientDataErased' && event.data.orderIds.includes(orderId));
    if (erasures.length === 0) return steps;
    const merged: ReplayStep[] = [];
    let erasedAt: string | undefined;
    let pending = erasures;
    const erased = (step: ReplayStep): ReplayStep =>
      erasedAt ? { ...step, state: { ...step.state, clientDataErasedAt: erasedAt } } : step;
    for (const step of steps) {
      while (pending[0] && Number(pending[0].stored.position) < step.position) {
        merged.push(
          this.erasureStep(
            pending[0],
            merged.at(-1) ?? step,
            (erasedAt = pending[0].event.metadata.occurredAt),
          ),
        );
        pending = pending.slice(1);
      }
      merged.push(erased(step));
    }
    for (const erasure of pending)
      merged.push(this.erasureStep(erasure, merged.at(-1)!, (erasedAt = erasure.event.metadata.occurredAt)));
    return merged;
  }

  private erasureStep(
    { stored, event }: { stored: StoredEvent; event: ReturnType<typeof readClientEvent> },
    previous: ReplayStep,
    erasedAt: string,
  ): ReplayStep {
    const reason = event.type === 'ClientDataErased' ? event.data.reason : '';
    return {
      revision: previous.revision,
      position: Number(stored.position),
      type: event.type,
      description: describeClientDataErased(reason),
      actor: event.metadata.actor,
      occurredAt: erasedAt,
      recordedAt: stored.recordedAt.toISOString(),
      data: stored.data,
      hash: stored.hash ?? null,
      state: { ...previous.state, clientDataErasedAt: erasedAt },
      changes: [],
    };
  }
}

/** The lines that say who did it are written again once the actors have names (the replay has none). */
function describedBy(step: Omit<ReplayStep, 'actor'>, actor: NamedActor): string {
  if (step.type !== 'EvidenceBundleExported') return step.description;
  const data = step.data as OrderEventData<'EvidenceBundleExported'>;
  return describeOrderEvent({ type: step.type, data }, actor.name);
}
