import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { bearerHeaders, clearAdminToken, readAdminToken } from '../utils/admin-token';
import { type ApiAnswer } from '@/lib/api-answer';

export type AdminRole = 'admin' | 'auditor';

export type AdminUser = ApiAnswer<'/api/admin/login', 'post'>['user'];

/** A signed-in back-office user and the bearer token every back-office call sends. */
export interface AdminSession {
  token: string;
  user: AdminUser;
}

/** The stored token, checked with the server; an invalid one is dropped (spec §6). */
export async function checkAdminSession(signal?: AbortSignal): Promise<AdminSession | null> {
  const token = readAdminToken();
  if (!token) return null;
  const answer = await api
    .get<{ isAuthenticated: boolean; user: AdminUser | null }>('/api/admin/check', {
      signal,
      headers: bearerHeaders(token),
    })
    // A token the server refuses outright (401) is as invalid as one it says is not authenticated.
    .catch((error: unknown) => {
      if (isApiError(error) && error.status === 401) return { isAuthenticated: false, user: null };
      throw error;
    });
  const { isAuthenticated, user } = answer;
  if (!isAuthenticated || !user) {
    clearAdminToken();
    return null;
  }
  return { token, user };
}

export const adminSessionQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'session'], queryFn: ({ signal }) => checkAdminSession(signal) });

/**
 * For a back-office page's loader: what it loads needs the signed-in user's token; none, and the
 * /admin layout shows the sign-in page instead, so there is nothing to load.
 */
export async function loadForAdmin(
  queryClient: QueryClient,
  load: (token: string) => Promise<void>,
): Promise<void> {
  const session = await queryClient.ensureQueryData(adminSessionQueryOptions());
  if (session) await load(session.token);
}

/** Typed with the session, for setQueryData. */
export const adminSessionQueryKey = adminSessionQueryOptions().queryKey;

/**
 * Drops what the back-office loaded, except the session entry itself: the pages watch that one,
 * and a removed entry would no longer tell them it changed.
 */
export function removeAdminData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ['admin'], predicate: ({ queryKey }) => queryKey[1] !== 'session' });
}
