import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { PaymentLinks } from './payment-links.js';
import { EXPIRE_STALE_LINKS_JOB } from './stale-links.reactor.js';

@Injectable()
export class StaleLinksJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly links: PaymentLinks,
  ) {}

  onModuleInit(): void {
    this.jobs.register(EXPIRE_STALE_LINKS_JOB, (data) =>
      this.links.expireFirstPaymentLinks(String(data['orderId']), new Date(String(data['changedAt']))),
    );
  }
}
