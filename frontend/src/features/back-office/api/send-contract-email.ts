import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { bearerHeaders } from '../utils/admin-token';
import { mailboxQueryKey } from './get-mailbox';
import { type ApiAnswer } from '@/lib/api-answer';

export type SendContractEmailResult = ApiAnswer<'/api/test/contract-email/{orderId}', 'post'>;

export function sendContractEmail(token: string, orderId: string): Promise<SendContractEmailResult> {
  return api.post<SendContractEmailResult>(
    `/api/test/contract-email/${encodeURIComponent(orderId)}`,
    undefined,
    { headers: bearerHeaders(token) },
  );
}

export function useSendContractEmail(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => sendContractEmail(token, orderId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxQueryKey, exact: true }),
  });
}
