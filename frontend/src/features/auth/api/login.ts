import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type CurrentUser, currentUserQueryKey } from '@/lib/auth';
import { type ApiBody } from '@/lib/api-answer';

export type LoginInput = ApiBody<'/api/auth/login'>;

export function login(input: LoginInput): Promise<{ user: CurrentUser }> {
  return api.post<{ user: CurrentUser }>('/api/auth/login', input);
}

/** Signs in and caches the client (spec §7), dropping whatever a previous client left in the cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.removeQueries({ queryKey: ['client'] });
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
