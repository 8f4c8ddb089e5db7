import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../infra/http/api-errors.js';
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
    if (!link) {
      throw new ApiError(
        400,
        ErrorCode.AUTH_INVALID_TOKEN,
        'Ce lien n’est plus valide. Demandez un nouveau lien depuis « Mot de passe oublié ».',
      );
    }
    await this.accounts.setPassword(link.clientId, password);
    await this.clients.run(
      link.clientId,
      { type: 'RecordPasswordSet', purpose: link.purpose === 'set' ? 'initial' : 'reset' },
      { actor: { kind: 'client', id: link.clientId } },
    );
    return { clientId: link.clientId };
  }
}
