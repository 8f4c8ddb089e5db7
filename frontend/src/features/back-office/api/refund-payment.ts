import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminOrdersQueryKey } from './get-admin-orders';
import { type AdminOrderDetail, adminOrderQueryKey } from './get-admin-order';

/** `POST /api/admin/orders/:orderId/refunds`: part or all of a card payment, given back through the provider. */
export const refundPayment = (orderId: string, paymentId: string, amount: number, reason: string) =>
  api.post<{ order: AdminOrderDetail; position: number | null }>(
    `/api/admin/orders/${encodeURIComponent(orderId)}/refunds`,
    { paymentId, amount, reason: reason.trim() },
    { auth: 'admin' },
  );

export function useRefundPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, amount, reason }: { paymentId: string; amount: number; reason: string }) =>
      refundPayment(orderId, paymentId, amount, reason),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminOrderQueryKey(orderId), exact: true }),
      ]),
  });
}
