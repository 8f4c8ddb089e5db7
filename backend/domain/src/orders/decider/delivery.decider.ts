import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { type OrderState } from '../order-state.js';
import { type GuardedBy, commandsOf, eventsOf, webUrl } from './decider-guards.js';

/** Delivery: ready once the final payment is in (decided with it), then delivered at the site's URL. */
export const isDeliveryCommand = commandsOf('FinalizeDelivery');
export const isDeliveryEvent = eventsOf('MarkedReadyForDelivery', 'Delivered');

export function decideDelivery(command: GuardedBy<typeof isDeliveryCommand>): OrderEvent[] {
  const siteUrl = webUrl(
    command.siteUrl,
    'deliveryUrl',
    "L'URL du site livré est requise pour finaliser la livraison",
  );
  return [{ type: 'Delivered', data: { siteUrl } }];
}

export function evolveDelivery(s: OrderState, event: GuardedBy<typeof isDeliveryEvent>): OrderState {
  switch (event.type) {
    case 'MarkedReadyForDelivery':
      return { ...s, status: 'ready_for_delivery' };
    case 'Delivered':
      return {
        ...s,
        status: 'delivered',
        delivery: { siteUrl: event.data.siteUrl, deliveredAt: event.metadata.occurredAt },
      };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
