import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshOrder } from './refresh-order';
import { type ApiAnswer } from '@/lib/api-answer';

export type CancelSubscriptionResult = ApiAnswer<'/api/client/orders/{orderId}/cancel-subscription', 'post'>;

export function cancelSubscription(orderId: string, reason: string): Promise<CancelSubscriptionResult> {
  const trimmed = reason.trim();
  return api.post<CancelSubscriptionResult>(
    `/api/client/orders/${encodeURIComponent(orderId)}/cancel-subscription`,
    trimmed ? { reason: trimmed } : {},
  );
}

export function useCancelSubscription(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelSubscription(orderId, reason),
    onSettled: () => refreshOrder(queryClient, orderId),
  });
}
