import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';
import { adminOrdersQueryKey } from './get-admin-orders';
import { type AdminOrderDetail, adminOrderQueryKey } from './get-admin-order';

/** `POST /api/admin/orders/:orderId/contact-email`: the right address, and why (kept in the history). */
export const correctContactEmail = (orderId: string, email: string, reason: string, resend: string[]) =>
  api.post<{ order: AdminOrderDetail; position: number | null }>(
    `/api/admin/orders/${encodeURIComponent(orderId)}/contact-email`,
    { email: email.trim(), reason: reason.trim(), resend },
    { auth: 'admin' },
  );

type SentEmails = ApiAnswer<'/api/admin/orders/{orderId}/sent-emails'>;

/** An email the order already sent its contact (`GET /api/admin/orders/:orderId/sent-emails`). */
export type SentEmail = SentEmails['emails'][number];

export const sentEmailsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...adminOrderQueryKey(orderId), 'sent-emails'] as const,
    queryFn: ({ signal }) =>
      api.get<SentEmails>(`/api/admin/orders/${encodeURIComponent(orderId)}/sent-emails`, {
        signal,
        auth: 'admin',
      }),
    staleTime: 0,
  });

export function useCorrectContactEmail(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, reason, resend }: { email: string; reason: string; resend: string[] }) =>
      correctContactEmail(orderId, email, reason, resend),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminOrderQueryKey(orderId) }),
      ]),
  });
}
