import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { mailboxQueryKey } from './get-mailbox';
import { type ApiAnswer } from '@/lib/api-answer';

export type SendContractEmailResult = ApiAnswer<'/api/test/contract-email/{orderId}', 'post'>;

export function sendContractEmail(orderId: string): Promise<SendContractEmailResult> {
  return api.post<SendContractEmailResult>(
    `/api/test/contract-email/${encodeURIComponent(orderId)}`,
    undefined,
    { auth: 'admin' },
  );
}

export function useSendContractEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => sendContractEmail(orderId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxQueryKey, exact: true }),
  });
}
