import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { isDomainError } from '@coseso/domain/shared/domain-error';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ClientCommandRunner } from '../../write-side/client-command-runner.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { AccountStore } from '../shared/account-store.js';
import { SetPasswordEmail } from '../shared/set-password-email.js';
import { OnboardClientCommand } from './onboard-client.command.js';

const system = { kind: 'system' as const, id: 'onboarding' };

/**
 * After an order's first payment: the client account for its email (created on first order,
 * reused after), the order linked to it, and for a client without a password yet the email with
 * the one-time link to choose one. Every step is idempotent, so a retried job changes nothing twice.
 */
@CommandHandler(OnboardClientCommand)
export class OnboardClientHandler implements ICommandHandler<OnboardClientCommand> {
  constructor(
    private readonly orders: OrderCommandRunner,
    private readonly clients: ClientCommandRunner,
    private readonly accounts: AccountStore,
    private readonly setPasswordEmail: SetPasswordEmail,
  ) {}

  async execute({ orderId, paymentEventId: eventId }: OnboardClientCommand): Promise<void> {
    const order = await this.orders.current(orderId);
    const email = (order.form.contactEmail ?? '').trim().toLowerCase();
    if (!email) throw new Error(`order ${orderId} has no contact email`);
    const { clientId } = await this.accounts.claimEmail(email);
    try {
      await this.clients.run(
        clientId,
        {
          type: 'CreateClientAccount',
          clientId,
          email,
          firstName: order.form.contactFirstName ?? '',
          lastName: order.form.contactLastName ?? '',
          firstOrderId: orderId,
        },
        { actor: system, commandId: `onboard:${eventId}`, causationId: eventId },
      );
    } catch (error) {
      // A returning client: the account made for an earlier order is this one's too.
      if (!isDomainError(error) || error.code !== ErrorCode.CLIENT_ACCOUNT_EXISTS) throw error;
    }
    // The set-password email first, then the link: the contract is issued (and its email sent) once the
    // order is linked, so the way into the area is always in the client's mailbox before it.
    if (!(await this.accounts.hasPassword(clientId)))
      await this.setPasswordEmail.send(clientId, email, order, eventId);
    await this.orders.run(
      orderId,
      { type: 'LinkOrderToClient', clientId },
      { actor: system, commandId: `link:${eventId}`, causationId: eventId },
    );
  }
}
