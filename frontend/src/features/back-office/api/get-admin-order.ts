import { type OrderView } from '@coseso/domain/orders/order-view';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type AdminActionKey, isAdminActionKey } from '../utils/admin-actions';
import { bearerHeaders } from '../utils/admin-token';

/** Who approved which preview, and when (the client's approval receipt). */
export interface ApprovalReceipt {
  reviewUrl: string | null;
  round: number | null;
  approvedAt: string;
  by: string | null;
}

/** `GET /api/admin/orders/:orderId`: the order, and what its status lets the team do. */
export interface AdminOrderDetail extends OrderView {
  allowedActions: AdminActionKey[];
  adminNote?: string | null;
  approval?: ApprovalReceipt | null;
}

export const adminOrderQueryKey = (orderId: string) => ['admin', 'order', orderId] as const;

export const adminOrderQueryOptions = (token: string, orderId: string) =>
  queryOptions({
    queryKey: adminOrderQueryKey(orderId),
    queryFn: async ({ signal }) => {
      const order = await api.get<AdminOrderDetail & { allowedActions?: unknown[] }>(
        `/api/admin/orders/${encodeURIComponent(orderId)}`,
        { signal, headers: bearerHeaders(token) },
      );
      // An action this SPA does not know yet is not offered rather than offered wrongly.
      return { ...order, allowedActions: (order.allowedActions ?? []).filter(isAdminActionKey) };
    },
    staleTime: 0,
  });
