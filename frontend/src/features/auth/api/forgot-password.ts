import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';
import { type AccountRealm } from '../utils/account-realm';

export type ForgotPasswordResult = ApiAnswer<'/api/auth/forgot-password', 'post'>;

const forgotPasswordPaths = {
  client: '/api/auth/forgot-password',
  admin: '/api/admin/forgot-password',
} as const satisfies Record<AccountRealm, string>;

/** The server answers the same whether or not an account has this email (clients and team alike). */
export function requestPasswordReset(realm: AccountRealm, email: string): Promise<ForgotPasswordResult> {
  return api.post<ForgotPasswordResult>(forgotPasswordPaths[realm], { email });
}

export function useRequestPasswordReset(realm: AccountRealm) {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(realm, email) });
}
