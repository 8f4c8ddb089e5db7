import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshOrder } from './refresh-order';

/** Submits the brief: with the files sent, or, when there are none, as "nothing to send". */
export function submitBrief(orderId: string): Promise<unknown> {
  return api.post(`/api/client/orders/${encodeURIComponent(orderId)}/submit-brief`, {});
}

export function useSubmitBrief(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => submitBrief(orderId),
    onSettled: () => refreshOrder(queryClient, orderId, { files: true }),
  });
}
