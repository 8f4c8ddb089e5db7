import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EmailService } from '../emails/email-service.js';
import { type GivenUpEmail } from '../emails/email-queue.js';
import { OrderCommandRunner } from '../write-side/order-command-runner.js';

const system = { kind: 'system' as const, id: 'emails' };

/**
 * When the email queue gives up on an email about an order, records it on the order's stream
 * (OrderEmailFailed), so the back-office shows it on that order and a rebuild keeps it. Once per
 * email: the command id is the email's key.
 */
@Injectable()
export class EmailFailureRecorder implements OnModuleInit {
  constructor(
    private readonly emails: EmailService,
    private readonly orders: OrderCommandRunner,
  ) {}

  onModuleInit(): void {
    this.emails.onGivenUp((email) => this.record(email));
  }

  async record({ orderId, emailKey, template, to, since, attempts, error }: GivenUpEmail): Promise<void> {
    if (!orderId) return; // an email about no order (a test email) has no order to show it on
    await this.orders.run(
      orderId,
      { type: 'RecordEmailFailure', template, recipient: to, emailKey, since, attempts, error },
      { actor: system, commandId: `email-failed:${emailKey}` },
    );
  }
}
