import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshOrder } from './refresh-order';

/** Submits the brief: with the files sent, or, when the client confirmed it, with nothing to send. */
export function submitBrief(orderId: string, nothingToSend: boolean): Promise<unknown> {
  return api.post(
    `/api/client/orders/${encodeURIComponent(orderId)}/submit-brief`,
    nothingToSend ? { nothingToSend: true } : {},
  );
}

export function useSubmitBrief(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nothingToSend: boolean) => submitBrief(orderId, nothingToSend),
    onSettled: () => refreshOrder(queryClient, orderId, { files: true }),
  });
}
