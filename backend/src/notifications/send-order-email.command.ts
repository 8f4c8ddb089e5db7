import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { Command } from '@nestjs/cqrs';

/** The email an order event calls for, to the order's contact, once per event. */
export class SendOrderEmailCommand extends Command<void> {
  constructor(
    readonly orderId: string,
    readonly eventId: string,
    readonly event: OrderEvent & { readonly occurredAt: string },
    /** The correction of the contact's address it is sent again for: a key of its own. */
    readonly resentFor?: string,
  ) {
    super();
  }
}
