import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

export type ContractDocument = ApiAnswer<'/api/client/orders/{orderId}/contract'>;

/** The order's contract, or null while it is being made (just after the first payment). */
export async function getContract(orderId: string, signal?: AbortSignal): Promise<ContractDocument | null> {
  try {
    return await api.get<ContractDocument>(`/api/client/orders/${encodeURIComponent(orderId)}/contract`, {
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404 && error.code === ErrorCode.CONTRACT_NOT_ISSUED)
      return null;
    throw error;
  }
}

export const contractQueryKey = (orderId: string) => ['client', 'orders', orderId, 'contract'] as const;

export const contractQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: contractQueryKey(orderId),
    queryFn: ({ signal }) => getContract(orderId, signal),
    // The document is made within seconds of the payment: look again until it is there.
    refetchInterval: (query) => (query.state.data === null ? 2_000 : false),
  });
