import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { PaymentWebhooks } from '../webhooks/payment-webhooks.js';
import { type WebhookOutcome } from '../webhooks/record-payment-event.command.js';
import { type SignedDelivery } from './sandbox-events.js';
import {
  SANDBOX_EXPIRED_NOTICE_JOB,
  SANDBOX_EXPIRE_JOB,
  SANDBOX_REFUNDED_NOTICE_JOB,
  SANDBOX_RENEW_JOB,
  SandboxPaymentProvider,
} from './sandbox-payment-provider.js';

/**
 * Hands the sandbox's signed events to the webhook handler, as Stripe's servers would post them:
 * checkout outcomes right away, renewals, expiries and refunds from their jobs.
 */
@Injectable()
export class SandboxDeliveries implements OnModuleInit {
  constructor(
    private readonly sandbox: SandboxPaymentProvider,
    private readonly webhooks: PaymentWebhooks,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register(SANDBOX_RENEW_JOB, async ({ subscriptionId }) => {
      await this.deliver(await this.sandbox.renew(subscriptionId));
    });
    this.jobs.register(SANDBOX_EXPIRE_JOB, async ({ paymentId }) => {
      await this.deliver(await this.sandbox.expire(paymentId));
    });
    this.jobs.register(SANDBOX_EXPIRED_NOTICE_JOB, async ({ paymentId }) => {
      await this.deliver(await this.sandbox.expiredNotice(paymentId));
    });
    this.jobs.register(SANDBOX_REFUNDED_NOTICE_JOB, async ({ paymentId }) => {
      await this.deliver(await this.sandbox.refundedNotice(paymentId));
    });
  }

  deliver(delivery: SignedDelivery | null): Promise<WebhookOutcome | null> {
    return delivery
      ? this.webhooks.receive('sandbox', delivery.rawBody, delivery.signature)
      : Promise.resolve(null);
  }
}
