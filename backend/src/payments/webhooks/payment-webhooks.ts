import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { isDomainError } from '@coseso/domain/shared/domain-error';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../../infra/http/api-errors.js';
import { type CommandContext } from '../../write-side/command-context.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import {
  InvalidWebhookSignature,
  PAYMENT_PROVIDER,
  type PaymentEvent,
  type PaymentProvider,
} from '../payment-provider.js';

export interface WebhookOutcome {
  readonly received: true;
  /** recorded: new events; duplicate: this delivery was handled before; ignored: nothing for us. */
  readonly outcome: 'recorded' | 'duplicate' | 'ignored';
}

/**
 * The one way a payment outcome enters the log, for Stripe and the sandbox alike: the signature is
 * checked over the exact bytes received, then the event becomes an order command whose id is the
 * provider's event id, so a delivery repeated by the provider appends nothing the second time.
 * Amounts come from the provider's event and are checked by the order against what is due.
 */
@Injectable()
export class PaymentWebhooks {
  private readonly logger = new Logger('PaymentWebhooks');

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly orders: OrderCommandRunner,
  ) {}

  async receive(
    providerName: string,
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<WebhookOutcome> {
    if (providerName !== this.provider.name) {
      throw new ApiError(
        404,
        ErrorCode.WEBHOOK_UNKNOWN_PROVIDER,
        `Aucun fournisseur de paiement « ${providerName} » ici.`,
      );
    }
    let event: PaymentEvent;
    try {
      event = this.provider.parseWebhook(rawBody ?? Buffer.alloc(0), signature);
    } catch (error) {
      if (!(error instanceof InvalidWebhookSignature)) throw error;
      this.logger.warn({ msg: 'webhook refused: bad signature', provider: providerName });
      throw new ApiError(400, ErrorCode.WEBHOOK_INVALID_SIGNATURE, 'Signature du webhook invalide');
    }
    try {
      return await this.apply(event);
    } catch (error) {
      // A refusal here means money and order disagree (wrong amount, second payment…): people must look.
      if (isDomainError(error))
        this.logger.error({
          msg: 'payment event refused by the order',
          event,
          code: error.code,
          err: error.message,
        });
      throw error;
    }
  }

  private async apply(event: PaymentEvent): Promise<WebhookOutcome> {
    if (event.kind === 'ignored') return { received: true, outcome: 'ignored' };
    const context: CommandContext = {
      actor: { kind: 'provider', id: this.provider.name },
      commandId: `${this.provider.name}:${event.eventId}`,
    };
    const run = async (command: Parameters<OrderCommandRunner['run']>[1]): Promise<WebhookOutcome> => {
      const outcome = await this.orders.run(event.orderId, command, context);
      return {
        received: true,
        outcome: outcome.duplicate ? 'duplicate' : outcome.events.length > 0 ? 'recorded' : 'ignored',
      };
    };
    const payment = (paymentId: string) => ({
      provider: this.provider.name,
      paymentId,
      providerEventId: event.eventId,
    });

    switch (event.kind) {
      case 'checkout_paid':
        switch (event.purpose) {
          case 'deposit':
          case 'setup_fee':
            return run({
              type: 'RecordFirstPayment',
              payment: payment(event.paymentId),
              amount: event.amount,
            });
          case 'balance':
            return run({
              type: 'RecordFinalPayment',
              payment: payment(event.paymentId),
              amount: event.amount,
            });
          case 'first_month': {
            if (!event.subscriptionId)
              throw new Error(`first month checkout ${event.paymentId} started no subscription`);
            const subscription = await this.provider.getSubscription(event.subscriptionId);
            return run({
              type: 'RecordFinalPayment',
              payment: payment(event.paymentId),
              amount: event.amount,
              subscription: {
                subscriptionId: event.subscriptionId,
                currentPeriodEnd: subscription.currentPeriodEnd,
              },
            });
          }
          case 'account_manager':
            return run({
              type: 'RecordAccountManagerPayment',
              payment: payment(event.paymentId),
              amount: event.amount,
            });
          case 'card_update':
            return { received: true, outcome: 'ignored' };
        }
      // falls through: every purpose returned above
      case 'checkout_closed':
        return run({ type: 'RecordCheckoutClosed', paymentId: event.paymentId, outcome: event.outcome });
      case 'subscription_renewed':
        return run({
          type: 'RecordSubscriptionRenewal',
          subscriptionId: event.subscriptionId,
          payment: payment(event.paymentId),
          amount: event.amount,
          currentPeriodEnd: event.currentPeriodEnd,
        });
      case 'subscription_payment_failed':
        return run({
          type: 'RecordSubscriptionPaymentFailure',
          subscriptionId: event.subscriptionId,
          reason: event.reason,
        });
      case 'subscription_ended': {
        const order = await this.orders.current(event.orderId);
        // Already cancelled (at the client's request, effective now) or another subscription: nothing new.
        if (order.subscription.id !== event.subscriptionId || order.subscription.status !== 'active') {
          return { received: true, outcome: 'ignored' };
        }
        return run({
          type: 'CancelSubscription',
          reason: 'Abonnement terminé chez le fournisseur de paiement',
        });
      }
    }
  }
}
