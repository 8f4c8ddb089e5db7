import { Command } from '@nestjs/cqrs';

/** Makes the payer of an order's first payment a client (the payment event names the work). */
export class OnboardClientCommand extends Command<void> {
  constructor(
    readonly orderId: string,
    readonly paymentEventId: string,
  ) {
    super();
  }
}
