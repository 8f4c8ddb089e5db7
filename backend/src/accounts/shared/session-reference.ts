import { createHash } from 'node:crypto';
import { type Request } from 'express';
import { readSessionCookie } from './session-cookie.js';

/**
 * Names the client session a request came from, for receipts ("approved from this session"): a
 * digest of its own label, so it is neither the session nor the digest sessions are looked up by.
 */
export function sessionReference(request: Request): string | null {
  const session = readSessionCookie(request);
  return session
    ? createHash('sha256').update('coseso session reference\0').update(session).digest('hex').slice(0, 32)
    : null;
}
