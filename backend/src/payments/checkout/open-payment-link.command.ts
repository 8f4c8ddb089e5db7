import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CheckoutPurpose, type PaymentLink } from './payment-links.js';

/** The order's payment link for `purpose`: the open one again, or a new one for what is due. */
export class OpenPaymentLinkCommand extends Command<PaymentLink> {
  constructor(
    readonly orderId: string,
    readonly purpose: CheckoutPurpose,
    readonly context: CommandContext,
  ) {
    super();
  }
}
