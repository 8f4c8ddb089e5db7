import { refusalsRefunded } from '@coseso/domain/orders/stale-payment-links';
import { isDomainError } from '@coseso/domain/shared/domain-error';
import { orderStreamId } from '@coseso/domain/events/event-reader';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '../../infra/tokens.js';
import { type CommandContext } from '../../write-side/command-context.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { PAYMENT_PROVIDER, type PaymentEvent, type PaymentProvider } from '../payment-provider.js';
import { RecordPaymentEventCommand, type WebhookOutcome } from './record-payment-event.command.js';

type CheckoutPaid = Extract<PaymentEvent, { kind: 'checkout_paid' }>;

/**
 * A provider's payment event becomes an order command whose id is the provider's event id, so a
 * delivery repeated by the provider appends nothing the second time. Amounts come from the
 * provider's event and are checked by the order against what is due. A payment the order refuses
 * (paid on a link that was stale or expired by then) is recorded as refused (PaymentRefused) and the
 * handler returns: its refund through the provider follows the fact, by a job keyed by the event's
 * id (`refund-refused-payment.job.ts`), which ends first the subscription a refused first month
 * started, or it would charge again next month. Money is never kept for nothing, nor lost from sight.
 */
@CommandHandler(RecordPaymentEventCommand)
export class RecordPaymentEventHandler implements ICommandHandler<RecordPaymentEventCommand> {
  private readonly logger = new Logger('RecordPaymentEvent');

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly orders: OrderCommandRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** Whether the order opened this checkout (a `CheckoutStarted` naming it, whichever link came after). */
  private async openedByOrder(event: CheckoutPaid): Promise<boolean> {
    const events = await this.store.readStream(orderStreamId(event.orderId));
    return events.some(
      (e) =>
        e.type === 'CheckoutStarted' && (e.data as { paymentId?: unknown }).paymentId === event.paymentId,
    );
  }

  async execute({ event }: RecordPaymentEventCommand): Promise<WebhookOutcome> {
    // A payment counts only on a checkout its order opened: a signed event naming another checkout
    // (another order's, or one made outside the app) is no payment of this order. Acknowledged, so
    // the provider stops, logged as an error, and noted on the order for the team to look at.
    if (
      event.kind === 'checkout_paid' &&
      event.purpose !== 'card_update' &&
      !(await this.openedByOrder(event))
    ) {
      this.logger.error({
        msg: 'payment for a checkout the order never opened: not recorded',
        orderId: event.orderId,
        paymentId: event.paymentId,
        eventId: event.eventId,
      });
      await this.noteUnopened(event);
      return { received: true, outcome: 'ignored' };
    }
    try {
      return await this.apply(event);
    } catch (error) {
      if (event.kind !== 'checkout_paid' || !this.refundable(event, error)) throw error;
      return this.refuse(event, error.message);
    }
  }

  /**
   * Noted on the order named (once per payment, the command's id is the delivery's), so the team sees
   * it on the panel; an order that does not exist, or whose contact was erased, takes no note: the
   * log line above stays.
   */
  private async noteUnopened(event: CheckoutPaid): Promise<void> {
    await this.orders
      .run(
        event.orderId,
        {
          type: 'RecordUnopenedCheckoutPayment',
          purpose: event.purpose,
          payment: {
            provider: this.provider.name,
            paymentId: event.paymentId,
            providerEventId: event.eventId,
          },
          amount: event.amount,
        },
        {
          actor: { kind: 'provider', id: this.provider.name },
          commandId: `${this.provider.name}:${event.eventId}:unopened`,
        },
      )
      .catch((error: unknown) => {
        if (!isDomainError(error)) throw error;
      });
  }

  /** A card update charges nothing. */
  private refundable(event: CheckoutPaid, error: unknown): error is Error {
    return isDomainError(error) && refusalsRefunded.has(error.code) && event.purpose !== 'card_update';
  }

  /**
   * The order's refusal, recorded once per delivery (the command's id is the delivery's, and the
   * order refuses a payment it has refunded no more): the refund through the provider follows the
   * fact, by the job its reactor asks for, keyed by the event's id (`refund-refused-payment`).
   */
  private async refuse(event: CheckoutPaid, reason: string): Promise<WebhookOutcome> {
    const outcome = await this.orders.run(
      event.orderId,
      {
        type: 'RecordPaymentRefusal',
        purpose: event.purpose,
        payment: { provider: this.provider.name, paymentId: event.paymentId, providerEventId: event.eventId },
        amount: event.amount,
        reason,
        subscriptionId: event.subscriptionId ?? null,
      },
      {
        actor: { kind: 'provider', id: this.provider.name },
        commandId: `${this.provider.name}:${event.eventId}:refused`,
      },
    );
    this.logger.warn({
      msg: 'payment refused by the order: its refund follows',
      orderId: event.orderId,
      paymentId: event.paymentId,
      subscriptionId: event.subscriptionId,
      reason,
    });
    return {
      received: true,
      outcome: outcome.duplicate ? 'duplicate' : outcome.events.length > 0 ? 'refused' : 'ignored',
    };
  }

  /**
   * A refund at the provider, recorded on the order of the payment it gives back (a checkout's, or a
   * subscription's renewal): the order notes the part refunded since its last note (a payment it
   * refused notes nothing more), so a repeated or late delivery records nothing twice. One reported
   * before its payment is refused by the order (409), and the provider delivers it again later.
   */
  private async recordProviderRefund(
    event: Extract<PaymentEvent, { kind: 'payment_refunded' }>,
  ): Promise<WebhookOutcome> {
    const paid = await this.provider.orderPaymentOf(event.providerPaymentId);
    if (!paid) return { received: true, outcome: 'ignored' };
    const outcome = await this.orders.run(
      paid.orderId,
      {
        type: 'RecordProviderRefund',
        payment: { provider: this.provider.name, paymentId: paid.paymentId, providerEventId: event.eventId },
        refundedTotal: event.refundedTotal,
        refundId: event.refundId,
      },
      {
        actor: { kind: 'provider', id: this.provider.name },
        commandId: `${this.provider.name}:${event.eventId}`,
      },
    );
    return {
      received: true,
      outcome: outcome.duplicate ? 'duplicate' : outcome.events.length > 0 ? 'recorded' : 'ignored',
    };
  }

  private async apply(event: PaymentEvent): Promise<WebhookOutcome> {
    if (event.kind === 'ignored') return { received: true, outcome: 'ignored' };
    if (event.kind === 'payment_refunded') return this.recordProviderRefund(event);
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
          currentPeriodStart: event.currentPeriodStart,
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
