import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.js';
import { END_SUBSCRIPTION_JOB } from './end-subscription.reactor.js';

/**
 * Ends at the provider a subscription the order already recorded as ended: nothing more is charged
 * nor credited, and ending one that has ended already changes nothing, so a retry is harmless. The
 * provider's notice that it ended then finds the order's subscription cancelled, and is ignored.
 */
@Injectable()
export class EndSubscriptionJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  onModuleInit(): void {
    this.jobs.register(END_SUBSCRIPTION_JOB, ({ subscriptionId }) =>
      this.provider.endSubscriptionNow(subscriptionId),
    );
  }
}
