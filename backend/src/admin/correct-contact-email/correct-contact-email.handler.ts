import { randomUUID } from 'node:crypto';
import { clientDecider } from '@coseso/domain/clients/client-decider';
import { orderDecider } from '@coseso/domain/orders/order-decider';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountStore } from '../../accounts/shared/account-store.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';
import { ClientCommandRunner } from '../../write-side/client-command-runner.js';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { CorrectContactEmailCommand } from './correct-contact-email.command.js';
import { MoveClientLogin, contactEmailTaken } from './move-client-login.js';
import { OrderSentEmails } from './sent-emails.js';

/**
 * The order's contact email, corrected by the team. Decided first: the order's rules (an admin, a
 * valid new address, a reason), the client account's, and the new address free of every other
 * account. Then the fact (ContactEmailCorrected), and only then what follows from it outside the
 * order's stream, by `MoveClientLogin`: the login, and the account email for an account without a
 * password yet; then the emails the team chose (the event holds the choice). A crash between the
 * fact and any of these leaves the job the event called for to finish it (see `contactEmailReactor`).
 */
@CommandHandler(CorrectContactEmailCommand)
export class CorrectContactEmailHandler implements ICommandHandler<CorrectContactEmailCommand> {
  constructor(
    private readonly orders: OrderCommandRunner,
    private readonly clients: ClientCommandRunner,
    private readonly accounts: AccountStore,
    private readonly move: MoveClientLogin,
    private readonly sent: OrderSentEmails,
  ) {}

  async execute({
    orderId,
    email,
    reason,
    context,
    resend,
  }: CorrectContactEmailCommand): Promise<CommandOutcome> {
    const state = await this.orders.current(orderId);
    if (!state.exists) throw orderNotFound();
    const command = { type: 'CorrectContactEmail', email, reason, resend } as const;
    const [corrected] = orderDecider.decide(
      { ...command, actor: context.actor, now: this.orders.now() },
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
          now: this.orders.now(),
        },
        client,
      );
      const owner = await this.accounts.clientOfEmail(address);
      if (owner && owner !== clientId) throw contactEmailTaken();
    }
    await this.sent.check(orderId, resend);

    const commandId = context.commandId ?? randomUUID();
    const outcome = await this.orders.run(orderId, command, { ...context, commandId });
    // What follows, done here so the answer shows it; the job the event called for does the same
    // (keyed by the same command id) if the process dies before.
    await this.move.follow({ orderId, email: address, commandId, actor: context.actor });
    const chosen = outcome.events.find((e) => e.type === 'ContactEmailCorrected');
    await this.sent.resend(orderId, chosen?.data.resend ?? [], commandId);
    return outcome;
  }
}
