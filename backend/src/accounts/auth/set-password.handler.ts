import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { invalidToken } from './auth-errors.js';
import { ClientCommandRunner } from '../../write-side/client-command-runner.js';
import { AccountStore } from '../shared/account-store.js';
import { SetPasswordCommand } from './set-password.command.js';

/** The password is stored hashed outside the log; the log records only that it was set, and by which link. */
@CommandHandler(SetPasswordCommand)
export class SetPasswordHandler implements ICommandHandler<SetPasswordCommand> {
  constructor(
    private readonly accounts: AccountStore,
    private readonly clients: ClientCommandRunner,
  ) {}

  async execute({ token, password }: SetPasswordCommand): Promise<{ clientId: string }> {
    const link = await this.accounts.consumeToken(token);
    if (!link) throw invalidToken();
    await this.accounts.setPassword(link.clientId, password);
    await this.clients.run(
      link.clientId,
      { type: 'RecordPasswordSet', purpose: link.purpose === 'set' ? 'initial' : 'reset' },
      { actor: { kind: 'client', id: link.clientId } },
    );
    return { clientId: link.clientId };
  }
}
