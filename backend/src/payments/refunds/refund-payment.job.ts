import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.js';
import { REFUND_PAYMENT_JOB } from './refunds.reactor.js';

const system = { kind: 'system' as const, id: 'refunds' };

/**
 * Makes at the provider a refund the order recorded as asked (RefundRequested): the request's event
 * id is the provider's idempotency key, so a retry never refunds twice. The provider then reports it
 * (charge.refunded), which records PaymentRefunded and credits the invoice. When every attempt has
 * failed, the order records RefundFailed (once per request), which the back-office shows.
 */
@Injectable()
export class RefundPaymentJob implements OnModuleInit {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly jobs: JobQueue,
    private readonly orders: OrderCommandRunner,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  onModuleInit(): void {
    this.jobs.register(REFUND_PAYMENT_JOB, async ({ orderId, eventId, paymentId, amount }) => {
      const { refundId } = await this.provider.refundPayment({
        paymentId,
        amount,
        orderId,
        idempotencyKey: `refund-request:${eventId}`,
      });
      this.logger.log({ msg: 'refund made at the provider', orderId, paymentId, amount, refundId });
    });
    this.jobs.onGivenUp(REFUND_PAYMENT_JOB, ({ orderId, eventId, paymentId, amount }, failure) =>
      this.recordFailure(orderId, eventId, paymentId, amount, failure),
    );
  }

  async recordFailure(
    orderId: string,
    eventId: string,
    paymentId: string,
    amount: number,
    { attempts, error }: { attempts: number; error: string },
  ): Promise<void> {
    this.logger.error({ msg: 'refund given up on', orderId, paymentId, amount, attempts, err: error });
    await this.orders.run(
      orderId,
      { type: 'RecordRefundFailure', requestEventId: eventId, paymentId, amount, attempts, error },
      { actor: system, commandId: `refund-failed:${eventId}` },
    );
  }
}
