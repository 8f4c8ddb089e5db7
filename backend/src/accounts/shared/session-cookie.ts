import { parse } from 'cookie';
import { type Request, type Response } from 'express';
import { SESSION_LIFETIME_MS } from './account-store.js';

export const SESSION_COOKIE = 'coseso_session';

export const readSessionCookie = (request: Request): string | undefined =>
  parse(request.headers.cookie ?? '')[SESSION_COOKIE];

/** httpOnly (no script reads it), SameSite=Lax (not sent on cross-site posts), Secure in production. */
export function writeSessionCookie(response: Response, session: string, secure: boolean): void {
  response.cookie(SESSION_COOKIE, session, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_LIFETIME_MS,
  });
}

export function clearSessionCookie(response: Response, secure: boolean): void {
  response.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
