import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { contractQueryKey } from './get-contract';
import { clientOrdersQueryKey } from './get-client-orders';

export interface SignContractInput {
  signerName: string;
  accepted: true;
  /** The fingerprint of the document the client read: the server refuses to sign another. */
  documentSha256: string;
}

export interface SignContractResult {
  signedAt: string;
  status: string;
}

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
