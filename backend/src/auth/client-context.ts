import { type Actor } from '@coseso/event-schemas/envelope';
import { type Request } from 'express';
import { idempotencyKey } from '../infra/http/request-context.js';
import { type CommandContext } from '../write-side/command-context.js';

/**
 * The metadata of a command sent over HTTP. Visitors have no account: the wizard is reached by the
 * order's secret id. The address is recorded where it proves something (accepting the terms,
 * signing, paying); a draft's saves leave it out (`{ ip: false }`): it proves nothing there, and
 * each one recorded is personal data to seal, on the most frequent write of all.
 */
export function visitorContext(request: Request, { ip = true }: { ip?: boolean } = {}): CommandContext {
  const actor: Actor = { kind: 'visitor', id: 'anonymous' };
  const commandId = idempotencyKey(request);
  return {
    actor,
    ...(commandId ? { commandId } : {}),
    ...(ip && request.ip ? { ip: request.ip } : {}),
  };
}

/** The metadata of a command a signed-in client sends. */
export function clientContext(request: Request, clientId: string): CommandContext {
  return { actor: { kind: 'client', id: clientId }, ...(request.ip ? { ip: request.ip } : {}) };
}
