import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface ForgotPasswordResult {
  success: boolean;
  message: string;
}

/** The server answers the same whether or not an account has this email. */
export function requestPasswordReset(email: string): Promise<ForgotPasswordResult> {
  return api.post<ForgotPasswordResult>('/api/auth/forgot-password', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
