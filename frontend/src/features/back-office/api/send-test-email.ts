import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { mailboxQueryKey } from './get-mailbox';
import { type ApiAnswer } from '@/lib/api-answer';

export type SendEmailResult = ApiAnswer<'/api/test/email/send', 'post'>;

export function sendTestEmail(email: string): Promise<SendEmailResult> {
  return api.post<SendEmailResult>('/api/test/email/send', { email }, { auth: 'admin' });
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => sendTestEmail(email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxQueryKey, exact: true }),
  });
}
