import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import {
  CREDIT_CANCELLATION_JOB,
  CREDIT_REFUND_JOB,
  ISSUE_INVOICE_JOB,
  REINVOICE_JOB,
} from './invoices.reactor.js';
import { OrderInvoicing } from './order-invoicing.js';

/** The invoices' jobs: a failure (the deposit's invoice not there yet, the store away) is retried. */
@Injectable()
export class IssueInvoicesJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly invoicing: OrderInvoicing,
  ) {}

  onModuleInit(): void {
    this.jobs.register(ISSUE_INVOICE_JOB, async (data) => {
      await this.invoicing.invoiceMoneyEvent(data.orderId, data.eventId);
    });
    this.jobs.register(CREDIT_CANCELLATION_JOB, async (data) => {
      await this.invoicing.creditCancellation(data.orderId, data.eventId);
    });
    this.jobs.register(CREDIT_REFUND_JOB, async (data) => {
      await this.invoicing.creditRefund(data.orderId, data.eventId);
    });
    this.jobs.register(REINVOICE_JOB, async (data) => {
      await this.invoicing.reinvoiceReactivation(data.orderId, data.eventId);
    });
  }
}
