import { Module } from '@nestjs/common';
import { InvoiceIssuer } from './issuing/invoice-issuer.js';
import { IssueInvoicesJob } from './issuing/issue-invoices.job.js';
import { OrderInvoicing } from './issuing/order-invoicing.js';

/** Issuing the numbered invoices and credit notes of orders, and reading them back. */
@Module({
  providers: [InvoiceIssuer, OrderInvoicing, IssueInvoicesJob],
  exports: [InvoiceIssuer, OrderInvoicing],
})
export class InvoicesModule {}
