import { orderStreamId, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { EVENT_STORE } from '../../infra/tokens.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.js';
import { REFUND_REFUSED_PAYMENT_JOB } from './refund-refused-payment.reactor.js';

const system = { kind: 'system' as const, id: 'refunds' };

/**
 * Gives back at the provider a payment the order refused (PaymentRefused), read back from the
 * order's stream by the event's id: the subscription a first month started is ended first (ending an
 * ended one changes nothing), the payment refunded (the provider's idempotency key is the payment's,
 * so a retry or a second refusal of it never refunds twice), then the refund noted on the order once
 * (PaymentRefunded; the order knows the payment's refund). When every attempt has failed, the order
 * records RefundFailed (once per refusal), which its history shows the team.
 */
@Injectable()
export class RefundRefusedPaymentJob implements OnModuleInit {
  private readonly logger = new Logger('RefusedPayments');

  constructor(
    private readonly jobs: JobQueue,
    private readonly orders: OrderCommandRunner,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  onModuleInit(): void {
    this.jobs.register(REFUND_REFUSED_PAYMENT_JOB, ({ orderId, eventId }) => this.refund(orderId, eventId));
    this.jobs.onGivenUp(REFUND_REFUSED_PAYMENT_JOB, ({ orderId, eventId }, failure) =>
      this.recordFailure(orderId, eventId, failure),
    );
  }

  private async refusal(orderId: string, eventId: string) {
    const stored = (await this.store.readStream(orderStreamId(orderId))).find((e) => e.eventId === eventId);
    if (!stored) throw new Error(`event ${eventId} is not in order ${orderId}'s stream`);
    const event = readOrderEvent(stored);
    return event.type === 'PaymentRefused' ? event : null;
  }

  /** The refusal's effect: run by the job its event called for, and again by its retries (idempotent). */
  async refund(orderId: string, eventId: string): Promise<void> {
    const refusal = await this.refusal(orderId, eventId);
    if (!refusal) return;
    const { purpose, payment, amount, reason, subscriptionId } = refusal.data;
    if (subscriptionId) await this.provider.endSubscriptionNow(subscriptionId);
    const { refundId } = await this.provider.refundCheckout(payment.paymentId, `refund:${payment.paymentId}`);
    this.logger.warn({
      msg: 'payment refused by the order: refunded',
      orderId,
      paymentId: payment.paymentId,
      subscriptionId,
      refundId,
      reason,
    });
    await this.orders.run(
      orderId,
      { type: 'RecordPaymentRefund', purpose, payment, amount, refundId, reason },
      {
        actor: { kind: 'provider', id: this.provider.name },
        // The command the webhook ran before refusals were recorded: one refund noted per delivery.
        commandId: `${this.provider.name}:${payment.providerEventId ?? eventId}:refund`,
        causationId: eventId,
      },
    );
  }

  async recordFailure(
    orderId: string,
    eventId: string,
    { attempts, error }: { attempts: number; error: string },
  ): Promise<void> {
    const refusal = await this.refusal(orderId, eventId);
    if (!refusal) return;
    const { payment, amount } = refusal.data;
    this.logger.error({
      msg: 'payment refused by the order, and its refund given up on',
      orderId,
      paymentId: payment.paymentId,
      amount,
      attempts,
      err: error,
    });
    await this.orders.run(
      orderId,
      {
        type: 'RecordRefundFailure',
        refused: true,
        requestEventId: eventId,
        paymentId: payment.paymentId,
        amount,
        attempts,
        error,
      },
      { actor: system, commandId: `refund-failed:${eventId}` },
    );
  }
}
