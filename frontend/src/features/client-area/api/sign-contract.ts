import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { contractQueryKey } from './get-contract';
import { clientOrdersQueryKey } from './get-client-orders';
import { type ApiAnswer, type ApiBody } from '@/lib/api-answer';

export type SignContractInput = ApiBody<'/api/client/orders/{orderId}/contract/sign'>;

export type SignContractResult = ApiAnswer<'/api/client/orders/{orderId}/contract/sign', 'post'>;

export function signContract(orderId: string, input: SignContractInput): Promise<SignContractResult> {
  return api.post<SignContractResult>(
    `/api/client/orders/${encodeURIComponent(orderId)}/contract/sign`,
    input,
  );
}

export function useSignContract(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignContractInput) => signContract(orderId, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contractQueryKey(orderId), exact: true }),
        queryClient.invalidateQueries({ queryKey: clientOrdersQueryKey, exact: true }),
      ]),
  });
}
