import { Command } from '@nestjs/cqrs';

/** Closes the first-payment links started before the order's content changed at `changedAt`. */
export class ExpireStaleLinksCommand extends Command<void> {
  constructor(
    readonly orderId: string,
    readonly changedAt: Date,
  ) {
    super();
  }
}
