import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EmailService } from '../emails/email-service.js';
import { JobQueue } from '../infra/jobs/job-queue.js';
import { OrderCommandRunner } from '../write-side/order-command-runner.js';
import { ORDER_EMAIL_JOB } from './order-emails.reactor.js';
import { orderEmailFor } from './order-emails.js';

/** Writes the email an order event calls for and hands it to the email queue, once per event. */
@Injectable()
export class OrderEmailJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly orders: OrderCommandRunner,
    private readonly emails: EmailService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(ORDER_EMAIL_JOB, (data) => this.run(data));
  }

  async run(job: Record<string, unknown>): Promise<void> {
    const order = await this.orders.current(String(job['orderId']));
    const to = order.form.contactEmail;
    if (!to) return; // a draft without an email address has nobody to tell
    const event = { type: job['type'], data: job['data'], occurredAt: job['occurredAt'] } as OrderEvent & {
      occurredAt: string;
    };
    const email = orderEmailFor(event, order);
    if (!email) return;
    await this.emails.send(
      email.template,
      to,
      email.data as never,
      `${String(job['eventId'])}:${email.template}`,
    );
  }
}
