import { clientDecider } from '@coseso/domain/clients/client-decider';
import { orderDecider } from '@coseso/domain/orders/order-decider';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountStore } from '../../accounts/shared/account-store.js';
import { type AppConfig } from '../../config/app-config.js';
import { EmailService } from '../../emails/email-service.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';
import { ClientCommandRunner } from '../../write-side/client-command-runner.js';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { CorrectContactEmailCommand } from './correct-contact-email.command.js';

const taken = () =>
  new DomainError(
    ErrorCode.CLIENT_EMAIL_TAKEN,
    'Cette adresse est déjà celle d’un autre compte client : elle ne peut pas devenir celle de cette commande.',
    'conflict',
  );

/**
 * The order's contact email, corrected by the team: the decider judges it first (an admin, a valid
 * new address, a reason), an address another account signs in with is refused; then the event, the
 * client account's login and, for an account without a password yet, the account email again with a
 * fresh link, at the new address.
 */
@CommandHandler(CorrectContactEmailCommand)
export class CorrectContactEmailHandler implements ICommandHandler<CorrectContactEmailCommand> {
  constructor(
    private readonly orders: OrderCommandRunner,
    private readonly clients: ClientCommandRunner,
    private readonly accounts: AccountStore,
    private readonly emails: EmailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ orderId, email, reason, context }: CorrectContactEmailCommand): Promise<CommandOutcome> {
    const state = await this.orders.current(orderId);
    if (!state.exists) throw orderNotFound();
    const command = { type: 'CorrectContactEmail', email, reason } as const;
    const [corrected] = orderDecider.decide(
      { ...command, actor: context.actor, now: new Date().toISOString() },
      state,
    );
    const address = corrected?.type === 'ContactEmailCorrected' ? corrected.data.email : email;
    const clientId = state.clientId;
    if (clientId) {
      // The account's own rules too, before anything is written (an erased client has none left to move).
      const client = await this.clients.current(clientId);
      clientDecider.decide(
        {
          type: 'ChangeClientEmail',
          email: address,
          orderId,
          actor: context.actor,
          now: new Date().toISOString(),
        },
        client,
      );
      const owner = await this.accounts.clientOfEmail(address);
      if (owner && owner !== clientId) throw taken();
    }

    const outcome = await this.orders.run(orderId, command, context);
    if (!clientId) return outcome;

    if (!(await this.accounts.changeEmail(clientId, address))) throw taken();
    const step = `${context.commandId ?? outcome.position}`;
    await this.clients.run(
      clientId,
      { type: 'ChangeClientEmail', email: address, orderId },
      {
        ...context,
        commandId: `email-change:${step}`,
      },
    );
    if (await this.accounts.hasPassword(clientId)) return outcome;
    const token = await this.accounts.createToken(clientId, 'set', `email-change:${step}`);
    await this.emails.send(
      'account-created',
      address,
      {
        firstName: state.form.contactFirstName ?? '',
        orderNumber: state.orderNumber,
        setPasswordUrl: `${this.config.PUBLIC_URL}/auth/set-password?token=${encodeURIComponent(token)}&order=${orderId}`,
      },
      `email-change:${step}:account-created`,
      { orderId },
    );
    return outcome;
  }
}
