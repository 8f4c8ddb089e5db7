import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { type ApiAnswer, type ApiBody } from '@/lib/api-answer';
import { adoptStoredAdminToken, forgetAdminToken, rememberAdminToken } from './admin-token';

// The back-office's session, in one place (decision 106): its token lives in `admin-token.ts`, read
// by the API client; the pages get the signed-in user from `useAdminSession()`, never a token. No
// React here: the loaders use this file, and a loader's code ships in the entry chunk.

export type AdminRole = 'admin' | 'auditor';

export type AdminUser = ApiAnswer<'/api/admin/login', 'post'>['user'];

/** A signed-in back-office user (the token that goes with it stays with the API client). */
export interface AdminSession {
  user: AdminUser;
}

export type AdminLoginInput = ApiBody<'/api/admin/login'>;

type AdminLoginResult = ApiAnswer<'/api/admin/login', 'post'>;

/** The stored token, checked with the server; an invalid one is dropped (spec §6). */
export async function checkAdminSession(signal?: AbortSignal): Promise<AdminSession | null> {
  if (!adoptStoredAdminToken()) return null;
  const answer = await api
    .get<{ isAuthenticated: boolean; user: AdminUser | null }>('/api/admin/check', { signal, auth: 'admin' })
    // A token the server refuses outright (401) is as invalid as one it says is not authenticated.
    .catch((error: unknown) => {
      if (isApiError(error) && error.status === 401) return { isAuthenticated: false, user: null };
      throw error;
    });
  const { isAuthenticated, user } = answer;
  if (!isAuthenticated || !user) {
    forgetAdminToken();
    return null;
  }
  return { user };
}

export const adminSessionQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'session'], queryFn: ({ signal }) => checkAdminSession(signal) });

/** Typed with the session, for setQueryData. */
export const adminSessionQueryKey = adminSessionQueryOptions().queryKey;

/**
 * For a back-office page's loader: what it loads needs a signed-in user; none, and the /admin
 * layout shows the sign-in page instead, so there is nothing to load.
 */
export async function loadForAdmin(
  queryClient: QueryClient,
  load: (session: AdminSession) => Promise<unknown>,
): Promise<void> {
  const session = await queryClient.ensureQueryData(adminSessionQueryOptions());
  if (session) await load(session);
}

/**
 * Drops what the back-office loaded, except the session entry itself: the pages watch that one,
 * and a removed entry would no longer tell them it changed.
 */
export function removeAdminData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ['admin'], predicate: ({ queryKey }) => queryKey[1] !== 'session' });
}

/**
 * A session the server opened (a sign-in, a new password chosen through a reset link): the token is
 * kept for the calls to come, and what another user loaded is dropped.
 */
export function adoptAdminSession(
  queryClient: QueryClient,
  { token, user }: { token: string; user: AdminUser },
): AdminSession {
  rememberAdminToken(token);
  removeAdminData(queryClient);
  const session: AdminSession = { user };
  queryClient.setQueryData(adminSessionQueryKey, session);
  return session;
}

/** Signs in with an email and a password. */
export async function signInAdmin(queryClient: QueryClient, input: AdminLoginInput): Promise<AdminSession> {
  return adoptAdminSession(queryClient, await api.post<AdminLoginResult>('/api/admin/login', input));
}

/** Forgets the session here: the token, and everything loaded with it. */
export function forgetAdminSession(queryClient: QueryClient): void {
  forgetAdminToken();
  removeAdminData(queryClient);
  queryClient.setQueryData(adminSessionQueryKey, null);
}

/** Revokes the token on the server; the local session is forgotten whatever the answer (spec §6). */
export async function signOutAdmin(queryClient: QueryClient): Promise<void> {
  try {
    await api.post<{ success: boolean }>('/api/admin/logout', undefined, { auth: 'admin' });
  } finally {
    forgetAdminSession(queryClient);
  }
}

/** Whether a back-office call's failure says the token was revoked or expired. */
export const isUnauthorized = (...errors: unknown[]): boolean =>
  errors.some((error) => isApiError(error) && error.status === 401);
