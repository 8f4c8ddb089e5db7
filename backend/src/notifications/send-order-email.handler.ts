import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EmailService } from '../emails/email-service.js';
import { OrderCommandRunner } from '../write-side/order-command-runner.js';
import { orderEmailFor } from './order-emails.js';
import { SendOrderEmailCommand } from './send-order-email.command.js';

/** Writes the email from the order as it stands now and hands it to the email queue, keyed by the event. */
@CommandHandler(SendOrderEmailCommand)
export class SendOrderEmailHandler implements ICommandHandler<SendOrderEmailCommand> {
  constructor(
    private readonly orders: OrderCommandRunner,
    private readonly emails: EmailService,
  ) {}

  async execute({ orderId, eventId, event }: SendOrderEmailCommand): Promise<void> {
    const order = await this.orders.current(orderId);
    const to = order.form.contactEmail;
    if (!to) return; // a draft without an email address has nobody to tell
    const email = orderEmailFor(event, order);
    if (!email) return;
    await this.emails.send(email.template, to, email.data as never, `${eventId}:${email.template}`, {
      orderId,
    });
  }
}
