import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { saveAdminToken } from '../utils/admin-token';
import { type AdminSession, type AdminUser, adminSessionQueryKey, removeAdminData } from './admin-session';

export interface AdminLoginInput {
  email: string;
  password: string;
}

interface AdminLoginResult {
  success: boolean;
  token: string;
  user: AdminUser;
  message: string;
}

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
