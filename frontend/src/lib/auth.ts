import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/** The signed-in client, as `/api/auth/user` and the sign-in calls return it. */
export type CurrentUser = ApiAnswer<'/api/auth/user'>['user'];

/** The signed-in client, or null (spec §7: a 401 means nobody; no retry, no refetch on focus or mount). */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'user'],
    queryFn: async ({ signal }): Promise<CurrentUser | null> => {
      const answer = await api.getOrNullIfUnauthorized<{ user: CurrentUser }>('/api/auth/user', { signal });
      return answer?.user ?? null;
    },
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });

/** Typed with the user, for setQueryData. */
export const currentUserQueryKey = currentUserQueryOptions().queryKey;

export function displayName(user: CurrentUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}
