import { subscriptionToRestart } from '@coseso/domain/orders/decider/subscription.decider';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.js';
import { RESTART_SUBSCRIPTION_JOB } from './restart-subscription.reactor.js';

const system = { kind: 'system' as const, id: 'subscriptions' };

/**
 * Starts at the provider, then records on the order, the subscription a reactivated order's
 * cancellation ended (decision 132). The reactivation's event id is the provider's idempotency key
 * and the command's id: a retry starts no second subscription and records it once. An order with
 * nothing to restart (or that has restarted it, or been cancelled again) is left as it is.
 */
@Injectable()
export class RestartSubscriptionJob implements OnModuleInit {
  private readonly logger = new Logger('Subscriptions');

  constructor(
    private readonly jobs: JobQueue,
    private readonly orders: OrderCommandRunner,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  onModuleInit(): void {
    this.jobs.register(RESTART_SUBSCRIPTION_JOB, ({ orderId, eventId }) => this.restart(orderId, eventId));
  }

  async restart(orderId: string, eventId: string): Promise<void> {
    const ended = subscriptionToRestart(await this.orders.current(orderId));
    if (!ended) return;
    const { subscriptionId, currentPeriodEnd } = await this.provider.restartSubscription({
      subscriptionId: ended.subscriptionId,
      orderId,
      amount: ended.monthlyWithVat,
      resumeAt: ended.resumeAt,
      idempotencyKey: `restart-subscription:${eventId}`,
    });
    await this.orders.run(
      orderId,
      { type: 'RestartSubscription', subscriptionId, provider: this.provider.name, currentPeriodEnd },
      { actor: system, commandId: `restart-subscription:${eventId}` },
    );
    this.logger.log({ msg: 'subscription restarted', orderId, subscriptionId, currentPeriodEnd });
  }
}
