import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminOrdersQueryKey } from './get-admin-orders';
import { type AdminOrderDetail, adminOrderQueryKey } from './get-admin-order';

/** `POST /api/admin/orders/:orderId/contact-email`: the right address, and why (kept in the history). */
export const correctContactEmail = (orderId: string, email: string, reason: string) =>
  api.post<{ order: AdminOrderDetail; position: number | null }>(
    `/api/admin/orders/${encodeURIComponent(orderId)}/contact-email`,
    { email: email.trim(), reason: reason.trim() },
    { auth: 'admin' },
  );

export function useCorrectContactEmail(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, reason }: { email: string; reason: string }) =>
      correctContactEmail(orderId, email, reason),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminOrderQueryKey(orderId), exact: true }),
      ]),
  });
}
