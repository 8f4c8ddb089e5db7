import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminOrdersQueryKey } from './get-admin-orders';
import { type AdminOrderDetail, adminOrderQueryKey } from './get-admin-order';

/** `POST /api/admin/orders/:orderId/contact-email`: the right address, and why (kept in the history). */
export const correctContactEmail = (orderId: string, email: string, reason: string, resend: string[]) =>
  api.post<{ order: AdminOrderDetail; position: number | null }>(
    `/api/admin/orders/${encodeURIComponent(orderId)}/contact-email`,
    { email: email.trim(), reason: reason.trim(), resend },
    { auth: 'admin' },
  );

/** An email the order already sent its contact (`GET /api/admin/orders/:orderId/sent-emails`). */
export interface SentEmail {
  readonly eventId: string;
  readonly template: string;
  readonly label: string;
  readonly sentAt: string;
  /** Ticked at first: the latest of its kind, which the client must still act on. */
  readonly suggested: boolean;
}

export const sentEmailsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...adminOrderQueryKey(orderId), 'sent-emails'] as const,
    queryFn: ({ signal }) =>
      api.get<{ emails: SentEmail[] }>(`/api/admin/orders/${encodeURIComponent(orderId)}/sent-emails`, {
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
