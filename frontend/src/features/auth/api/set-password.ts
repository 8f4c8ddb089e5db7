import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type CurrentUser, currentUserQueryKey } from '@/lib/auth';

export interface SetPasswordInput {
  token: string;
  password: string;
}

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
