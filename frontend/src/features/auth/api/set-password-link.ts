import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type AccountRealm } from '../utils/account-realm';

// Its own module: the /auth/set-password route's loader uses it, and a route's config ships in the
// entry chunk, whose budget is the landing page's; the form's code stays in its lazy chunk.

const checkTokenPaths = { client: '/api/auth/check-token', admin: '/api/admin/check-token' } as const;

/** Whether the link still works, asked on load without using it; an invalid one rejects with AUTH.INVALID_TOKEN. */
export const setPasswordLinkQueryOptions = (token: string, realm: AccountRealm = 'client') =>
  queryOptions({
    queryKey: ['auth', 'set-password-link', realm, token],
    queryFn: ({ signal }) => api.post<{ valid: true }>(checkTokenPaths[realm], { token }, { signal }),
    staleTime: Infinity,
  });
