import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adoptAdminSession } from '@/lib/admin-session/admin-session';
import { api } from '@/lib/api';
import { type ApiAnswer, type ApiBody } from '@/lib/api-answer';
import { type CurrentUser, currentUserQueryKey } from '@/lib/auth';
import { type AccountRealm } from '../utils/account-realm';

export type SetPasswordInput = ApiBody<'/api/auth/set-password'>;

/** Chooses the password through an emailed one-time link; the server signs the client in. */
export function setPassword(input: SetPasswordInput): Promise<{ user: CurrentUser }> {
  return api.post<{ user: CurrentUser }>('/api/auth/set-password', input);
}

type AdminSetPasswordResult = ApiAnswer<'/api/admin/set-password', 'post'>;

/** The client area's link signs the client in (a cookie); the back-office's returns a token, kept as a sign-in's. */
export function useSetPassword(realm: AccountRealm) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SetPasswordInput): Promise<void> => {
      if (realm === 'admin') {
        adoptAdminSession(
          queryClient,
          await api.post<AdminSetPasswordResult>('/api/admin/set-password', input),
        );
        return;
      }
      const { user } = await setPassword(input);
      queryClient.removeQueries({ queryKey: ['client'] });
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
