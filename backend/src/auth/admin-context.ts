import { type Request } from 'express';
import { idempotencyKey } from '../infra/http/request-context.js';
import { type CommandContext } from '../write-side/command-context.js';
import { type AdminUser } from './admin-accounts.js';

/** The metadata of a back-office command: its actor is the signed-in admin (set by the AdminGuard). */
export function adminContext(request: Request): CommandContext {
  const admin = (request as Request & { admin?: AdminUser }).admin;
  if (!admin) throw new Error('adminContext() needs a route behind the AdminGuard');
  const commandId = idempotencyKey(request);
  return {
    actor: { kind: 'admin', id: admin.id },
    ...(commandId ? { commandId } : {}),
    ...(request.ip ? { ip: request.ip } : {}),
  };
}
