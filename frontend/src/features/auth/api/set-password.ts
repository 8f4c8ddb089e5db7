import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type CurrentUser, currentUserQueryKey } from '@/lib/auth';
import { type ApiBody } from '@/lib/api-answer';

export type SetPasswordInput = ApiBody<'/api/auth/set-password'>;

/** Chooses the password through an emailed one-time link; the server signs the client in. */
export function setPassword(input: SetPasswordInput): Promise<{ user: CurrentUser }> {
  return api.post<{ user: CurrentUser }>('/api/auth/set-password', input);
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    onSuccess: ({ user }) => {
      queryClient.removeQueries({ queryKey: ['client'] });
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}

/** Whether the link still works, asked on load without using it; an invalid one rejects with AUTH.INVALID_TOKEN. */
export const setPasswordLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'set-password-link', token],
    queryFn: ({ signal }) => api.post<{ valid: true }>('/api/auth/check-token', { token }, { signal }),
    staleTime: Infinity,
  });
