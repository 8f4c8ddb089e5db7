import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshOrder } from './refresh-order';

export type ReviewAnswer =
  { reviewStatus: 'approved' } | { reviewStatus: 'changes_requested'; reviewFeedback: string };

export function submitReview(orderId: string, answer: ReviewAnswer): Promise<unknown> {
  return api.post(`/api/client/orders/${encodeURIComponent(orderId)}/review`, answer);
}

export function useSubmitReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: ReviewAnswer) => submitReview(orderId, answer),
    onSettled: () => refreshOrder(queryClient, orderId),
  });
}
