import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api';
import { bearerHeaders, clearAdminToken } from '../utils/admin-token';
import { adminSessionQueryKey, removeAdminData } from './admin-session';

/** Forgets the session here: the token, and everything loaded with it. */
export function useForgetAdminSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearAdminToken();
    removeAdminData(queryClient);
    queryClient.setQueryData(adminSessionQueryKey, null);
  }, [queryClient]);
}

/** Revokes the token on the server; the local session is forgotten whatever the answer (spec §6). */
export function useAdminLogout() {
  const forget = useForgetAdminSession();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ success: boolean }>('/api/admin/logout', undefined, { headers: bearerHeaders(token) }),
    onSettled: forget,
  });
}
