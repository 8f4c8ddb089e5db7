import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';
import { type AdminOrderDetail } from './get-admin-order';

/** The order after the erasure is the back-office's order (`AdminOrderView`, the domain's type). */
export type OrderContactErasure = Omit<
  ApiAnswer<'/api/admin/orders/{orderId}/erase-contact', 'post'>,
  'order'
> & {
  order: AdminOrderDetail;
};

/** `POST /api/admin/orders/:orderId/erase-contact`: the right to be forgotten of a visitor who never paid, final. */
export const eraseOrderContact = (orderId: string, reason: string) =>
  api.post<OrderContactErasure>(
    `/api/admin/orders/${encodeURIComponent(orderId)}/erase-contact`,
    { reason: reason.trim(), confirmation: true },
    { auth: 'admin' },
  );
