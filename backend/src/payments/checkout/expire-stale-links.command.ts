import { Command } from '@nestjs/cqrs';

/** Closes the payment links the order's latest changes made stale (the backstop of StaleLinks after a change). */
export class ExpireStaleLinksCommand extends Command<void> {
  constructor(readonly orderId: string) {
    super();
  }
}
