import { api } from '@/lib/api';
import { type AdminOrderDetail } from './get-admin-order';

export interface OrderContactErasure {
  orderId: string;
  /** Events stored in clear before encryption existed: kept as written, shown erased. */
  plaintextEvents: number;
  message: string;
  /** The order after the erasure. */
  order: AdminOrderDetail;
}

/** `POST /api/admin/orders/:orderId/erase-contact`: the right to be forgotten of a visitor who never paid, final. */
export const eraseOrderContact = (orderId: string, reason: string) =>
  api.post<OrderContactErasure>(
    `/api/admin/orders/${encodeURIComponent(orderId)}/erase-contact`,
    { reason: reason.trim(), confirmation: true },
    { auth: 'admin' },
  );
