import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { bearerHeaders } from '../utils/admin-token';
import { mailboxQueryKey } from './get-mailbox';
import { type ApiAnswer } from '@/lib/api-answer';

export type SendEmailResult = ApiAnswer<'/api/test/email/send', 'post'>;

export function sendTestEmail(token: string, email: string): Promise<SendEmailResult> {
  return api.post<SendEmailResult>('/api/test/email/send', { email }, { headers: bearerHeaders(token) });
}

export function useSendTestEmail(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => sendTestEmail(token, email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxQueryKey, exact: true }),
  });
}
