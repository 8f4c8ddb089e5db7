import { Command } from '@nestjs/cqrs';

/** The provider's page where the client changes the card of the order's subscription, then comes back. */
export class OpenCardUpdateCommand extends Command<{ checkoutUrl: string }> {
  constructor(readonly orderId: string) {
    super();
  }
}
