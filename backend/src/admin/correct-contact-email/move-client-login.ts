import { DomainError } from '@coseso/domain/shared/domain-error';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type Actor } from '@coseso/event-schemas/envelope';
import { Injectable } from '@nestjs/common';
import { AccountStore } from '../../accounts/shared/account-store.js';
import { SetPasswordEmail } from '../../accounts/shared/set-password-email.js';
import { ClientCommandRunner } from '../../write-side/client-command-runner.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';

export const contactEmailTaken = () =>
  new DomainError(
    ErrorCode.CLIENT_EMAIL_TAKEN,
    'Cette adresse est déjà celle d’un autre compte client : elle ne peut pas devenir celle de cette commande.',
    'conflict',
  );

/** One ContactEmailCorrected, as its follow-up needs it. */
export interface ContactEmailCorrection {
  readonly orderId: string;
  /** The corrected address, as the event holds it. */
  readonly email: string;
  /** The command that appended it: every step below is keyed by it, so a second run changes nothing. */
  readonly commandId: string;
  /** Who corrected it: the client account's own event is theirs too. */
  readonly actor: Actor;
  readonly causationId?: string;
}

/**
 * What follows a corrected contact email, once the correction is in the log: the client account's
 * login moves to the new address (ClientEmailChanged), and an account without a password yet gets
 * its account email again there. Run by the command right after the append, and again by a job the
 * event calls for (`contactEmailReactor`), so a process that dies in between leaves the job to
 * finish it. Each step is idempotent (same command id, same link, same email key): the second run
 * changes nothing. A correction that a later one superseded moves nothing.
 */
@Injectable()
export class MoveClientLogin {
  constructor(
    private readonly orders: OrderCommandRunner,
    private readonly clients: ClientCommandRunner,
    private readonly accounts: AccountStore,
    private readonly setPasswordEmail: SetPasswordEmail,
  ) {}

  async follow({ orderId, email, commandId, actor, causationId }: ContactEmailCorrection): Promise<void> {
    const order = await this.orders.current(orderId);
    const clientId = order.clientId;
    if (!clientId || order.form.contactEmail !== email) return;
    const client = await this.clients.current(clientId);
    if (!client.exists || client.erasedAt) return;

    const step = `email-change:${commandId}`;
    if (client.email !== email) {
      if (!(await this.accounts.changeEmail(clientId, email))) throw contactEmailTaken();
      await this.clients.run(
        clientId,
        { type: 'ChangeClientEmail', email, orderId },
        { actor, commandId: step, causationId: causationId ?? commandId },
      );
    }
    if (await this.accounts.hasPassword(clientId)) return;
    await this.setPasswordEmail.send(clientId, email, order, step);
  }
}
