import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { InvoiceIssuer } from './issuing/invoice-issuer.js';
import { IssueInvoicesJob } from './issuing/issue-invoices.job.js';
import { OrderInvoicing } from './issuing/order-invoicing.js';
import { AdminInvoicesHttpController } from './reading/admin-invoices.http.controller.js';
import { ClientInvoicesHttpController } from './reading/client-invoices.http.controller.js';
import { InvoiceReadModel } from './reading/invoice-read-model.js';
import { VerifyBooksHttpController } from './books/verify-books.http.controller.js';

/** Issuing the numbered invoices and credit notes of orders, and reading them back. */
@Module({
  imports: [AccountsModule, AuthModule],
  controllers: [ClientInvoicesHttpController, AdminInvoicesHttpController, VerifyBooksHttpController],
  providers: [InvoiceIssuer, OrderInvoicing, IssueInvoicesJob, InvoiceReadModel],
  exports: [InvoiceIssuer, OrderInvoicing, InvoiceReadModel],
})
export class InvoicesModule {}
