import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminOrderQueryKey } from './get-admin-order';
import { adminOrdersQueryKey } from './get-admin-orders';

/** « Renvoyer un lien de paiement »: the client is emailed the way to pay the final payment again. */
export function useResendPaymentLink(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ position?: string }>(
        `/api/admin/orders/${encodeURIComponent(orderId)}/resend-payment-link`,
        {},
        { auth: 'admin' },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminOrderQueryKey(orderId), exact: true }),
      ]),
  });
}
