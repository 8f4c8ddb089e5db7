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
 * password yet. A crash between the two leaves the job the event called for to finish it (see
 * `contactEmailReactor`).
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
    const command = { type: 'CorrectContactEmail', email, reason } as const;
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
    await this.move.follow({ orderId, email: address, commandId, actor: context.actor });
    // The emails the team chose, again, to the new address (after the login moved: a contract link
    // is then signed in with it). Keyed by the correction: a second run sends nothing more.
    await this.sent.resend(orderId, resend, commandId);
    return outcome;
  }
}
