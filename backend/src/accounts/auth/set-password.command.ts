import { Command } from '@nestjs/cqrs';

/** Chooses a client's password through a one-time link; answers whose account it is. */
export class SetPasswordCommand extends Command<{ clientId: string }> {
  constructor(
    readonly token: string,
    readonly password: string,
  ) {
    super();
  }
}
