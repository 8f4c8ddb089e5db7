import { checkoutToOpen } from '@coseso/domain/orders/decider/payment-link.decider';
import { paymentDescription } from '@coseso/domain/orders/payment-labels';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.js';
import { OpenPaymentLinkCommand } from './open-payment-link.command.js';
import { type PaymentLink, PaymentLinks } from './payment-links.js';

/**
 * The order's decider says what the link charges and which open link may be given again
 * (checkoutToOpen); the provider says whether that one is still open, or makes the new one.
 */
@CommandHandler(OpenPaymentLinkCommand)
export class OpenPaymentLinkHandler implements ICommandHandler<OpenPaymentLinkCommand> {
  constructor(
    private readonly orders: OrderCommandRunner,
    private readonly links: PaymentLinks,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  execute({ orderId, purpose, context }: OpenPaymentLinkCommand): Promise<PaymentLink> {
    return this.links.exclusive(orderId, purpose, async () => {
      const order = await this.orders.current(orderId);
      const { amount, reusable } = checkoutToOpen(order, purpose, {
        provider: this.provider.name,
        now: this.orders.now(),
      });
      if (reusable && (await this.links.stillOpen(reusable.paymentId)))
        return { url: reusable.url, paymentId: reusable.paymentId, reused: true, position: null };

      const checkout = await this.provider.createCheckout({
        orderId,
        orderNumber: order.orderNumber,
        purpose,
        amount,
        description: paymentDescription(purpose, order.orderNumber),
        customerEmail: order.form.contactEmail ?? '',
        ...this.links.returnUrls(orderId, purpose),
      });
      const replaced = order.checkouts[purpose];
      const outcome = await this.orders
        .run(
          orderId,
          {
            type: 'StartCheckout',
            purpose,
            amount,
            provider: this.provider.name,
            paymentId: checkout.paymentId,
            url: checkout.url,
            expiresAt: checkout.expiresAt,
          },
          context,
        )
        .catch(async (error: unknown) => {
          // The order changed while the provider made the link: it was never given, and never will be.
          await this.links.expire(checkout.paymentId);
          throw error;
        });
      // The link this one replaces must not be payable any more: it may be for another amount.
      if (replaced && !replaced.closed) await this.links.expire(replaced.paymentId);
      return { url: checkout.url, paymentId: checkout.paymentId, reused: false, position: outcome.position };
    });
  }
}
