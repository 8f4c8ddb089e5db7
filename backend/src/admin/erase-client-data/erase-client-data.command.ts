import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';

export interface ClientDataErasure {
  readonly clientId: string;
  /** The client's orders whose contact key was destroyed with the client's. */
  readonly orderIds: readonly string[];
  /** Events stored in clear before encryption existed: the log keeps them as written. */
  readonly plaintextEvents: number;
  readonly position: bigint | null;
}

/** An admin erases a client's personal data (right to be forgotten), for a reason. */
export class EraseClientDataCommand extends Command<ClientDataErasure> {
  constructor(
    readonly clientId: string,
    readonly reason: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
