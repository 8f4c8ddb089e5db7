import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isDomainError } from '@coseso/domain/shared/domain-error';
import { EmailService } from '../emails/email-service.js';
import { OrderInvoicing } from '../invoices/issuing/order-invoicing.js';
import { type IssuedDocument } from '../invoices/issuing/invoice-issuer.js';
import { invoicePdf } from '../invoices/reading/invoice-files.js';
import { OrderCommandRunner } from '../write-side/order-command-runner.js';
import { orderEmailFor, recipientProven, sendsBeforeProof } from './order-emails.js';
import { SendOrderEmailCommand } from './send-order-email.command.js';
import { UnprovenRecipients } from './unproven-recipients.js';

/**
 * Writes the email from the order as it stands now and hands it to the email queue, keyed by the
 * event. Before the order's first payment its address is anyone's guess: only an email carrying
 * nothing the visitor typed goes, and only the first of the day to that address (decision 52).
 */
@CommandHandler(SendOrderEmailCommand)
export class SendOrderEmailHandler implements ICommandHandler<SendOrderEmailCommand> {
  private readonly logger = new Logger('Emails');

  constructor(
    private readonly orders: OrderCommandRunner,
    private readonly emails: EmailService,
    private readonly unproven: UnprovenRecipients,
    private readonly invoicing: OrderInvoicing,
  ) {}

  async execute({ orderId, eventId, event, resentFor }: SendOrderEmailCommand): Promise<void> {
    const order = await this.orders.current(orderId);
    const to = order.form.contactEmail;
    if (!to) return; // a draft without an email address has nobody to tell
    const email = orderEmailFor(event, order);
    if (!email) return;
    const key = `${eventId}:${email.template}${resentFor ? `:resent:${resentFor}` : ''}`;
    if (!recipientProven(order)) {
      const reason = !sendsBeforeProof(email.template)
        ? 'it carries what the visitor typed and the order is not paid'
        : !(await this.unproven.claim(to, key))
          ? 'its unpaid address already had its email of the day'
          : null;
      if (reason) {
        this.logger.log({ msg: `email not sent: ${reason}`, template: email.template, orderId });
        return;
      }
    }
    const attachments = email.template === 'payment-receipt' ? await this.invoiceOf(orderId, eventId) : [];
    if (email.template === 'order-reactivated') {
      const reissued = await this.reissuedBy(orderId, eventId);
      email.data.reissuedInvoices = reissued.map(({ document }) => ({
        number: document.number,
        totalAmount: document.totalAmount,
        totalWithVat: document.totalWithVat,
      }));
      for (const issued of reissued) attachments.push(await this.pdfOf(issued));
    }
    await this.emails.send(email.template, to, email.data as never, key, { orderId, attachments });
  }

  /**
   * The invoices a reactivation issues again (decision 126, after a version 1 cancellation): issued
   * here if the reactivation's own job has not run yet (once per payment, whoever issues them); a
   * balance whose deposit invoice is not there yet fails the job, which is retried.
   */
  private async reissuedBy(orderId: string, eventId: string) {
    try {
      return await this.invoicing.reinvoiceReactivation(orderId, eventId);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      this.logger.warn({ msg: 'reactivation told without its invoices', orderId, error: error.message });
      return [];
    }
  }

  private async pdfOf(issued: { document: IssuedDocument['document']; pdfSha256: string }) {
    const pdf = await invoicePdf(issued.document, issued.pdfSha256);
    return {
      filename: `${issued.document.number}.pdf`,
      contentType: 'application/pdf',
      contentBase64: Buffer.from(pdf).toString('base64'),
    };
  }

  /**
   * The receipt's invoice, as a PDF: issued here if its own job has not run yet (once per payment
   * whoever issues it); a final invoice whose deposit invoice is not there yet fails the job, which
   * is retried.
   */
  private async invoiceOf(orderId: string, eventId: string) {
    let issued;
    try {
      issued = await this.invoicing.invoiceMoneyEvent(orderId, eventId);
    } catch (error) {
      // A payment the rules cannot invoice (its amount is not what the order sells) is the team's
      // to sort out, shown by its failed invoice job: the client still gets the receipt.
      if (!isDomainError(error)) throw error;
      this.logger.warn({ msg: 'receipt sent without its invoice', orderId, error: error.message });
      return [];
    }
    return [await this.pdfOf(issued)];
  }
}
