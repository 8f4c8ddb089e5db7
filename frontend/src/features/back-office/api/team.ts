import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

export type TeamMember = ApiAnswer<'/api/admin/team'>['members'][number];

export const teamQueryKey = ['admin', 'team'] as const;

/** `GET /api/admin/team`: the back-office's accounts, their roles, open sessions and locks. */
export const teamQueryOptions = () =>
  queryOptions({
    queryKey: teamQueryKey,
    queryFn: ({ signal }) =>
      api.get<ApiAnswer<'/api/admin/team'>>('/api/admin/team', { signal, auth: 'admin' }),
    staleTime: 0,
  });

/** « Débloquer »: an admin ends a member's sign-in lock; the list is read again. */
export function useUnlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) =>
      api.post<ApiAnswer<'/api/admin/team/{accountId}/unlock', 'post'>>(
        `/api/admin/team/${encodeURIComponent(accountId)}/unlock`,
        {},
        { auth: 'admin' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}
