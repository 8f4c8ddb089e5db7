import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { saveAdminToken } from '../utils/admin-token';
import { type AdminSession, adminSessionQueryKey, removeAdminData } from './admin-session';
import { type ApiAnswer, type ApiBody } from '@/lib/api-answer';

export type AdminLoginInput = ApiBody<'/api/admin/login'>;

type AdminLoginResult = ApiAnswer<'/api/admin/login', 'post'>;

export function adminLogin(input: AdminLoginInput): Promise<AdminLoginResult> {
  return api.post<AdminLoginResult>('/api/admin/login', input);
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: ({ token, user }) => {
      saveAdminToken(token);
      removeAdminData(queryClient);
      const session: AdminSession = { token, user };
      queryClient.setQueryData(adminSessionQueryKey, session);
    },
  });
}
