import { type Actor } from '@coseso/event-schemas/envelope';

/** Who sent a command and from where: becomes the events' metadata. */
export interface CommandContext {
  readonly actor: Actor;
  readonly commandId?: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly ip?: string;
}
