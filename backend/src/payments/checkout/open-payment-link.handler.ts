import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { paymentDue } from '@coseso/domain/orders/decider/payment.decider';
import { paymentDescription } from '@coseso/domain/orders/payment-labels';
import { staleLinks } from '@coseso/domain/orders/stale-payment-links';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { orderNotFound } from '../../orders/shared/order-errors.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.js';
import { OpenPaymentLinkCommand } from './open-payment-link.command.js';
import { type PaymentLink, PaymentLinks } from './payment-links.js';

/**
 * The amount of a link is always the order's own (what it is due for that purpose), never one sent
 * by the browser. An open link of the same purpose and amount is given again rather than a second
 * one, so the client cannot end up paying twice from two tabs.
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
      if (!order.exists) throw orderNotFound();
      const due = paymentDue(order, purpose);
      if ('problem' in due) throw new DomainError(ErrorCode.ORDER_PAYMENT_NOT_DUE, due.problem, 'conflict');

      // A link made before the order last changed is for another order, even at the same amount.
      const stale = staleLinks(order).some((link) => link.purpose === purpose);
      const reusable = stale ? null : await this.links.reusableLink(order, purpose, due.amount);
      if (reusable) return { url: reusable.url, paymentId: reusable.paymentId, reused: true, position: null };

      const checkout = await this.provider.createCheckout({
        orderId,
        orderNumber: order.orderNumber,
        purpose,
        amount: due.amount,
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
            amount: due.amount,
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
