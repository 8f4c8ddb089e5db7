import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

export type ForgotPasswordResult = ApiAnswer<'/api/auth/forgot-password', 'post'>;

/** The server answers the same whether or not an account has this email. */
export function requestPasswordReset(email: string): Promise<ForgotPasswordResult> {
  return api.post<ForgotPasswordResult>('/api/auth/forgot-password', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
