import { useQuery } from '@tanstack/react-query';
import { orderQueryOptions } from '@/lib/orders/get-order';
import { isApiError } from '@/lib/api';
import { currentUserQueryOptions } from '@/lib/auth';

/**
 * Who a result page speaks to: a client (signed in, or whose order already has its account, made
 * at the first payment) is sent to the client area; a visitor has no account to be sent to yet.
 */
export type PaymentAudience = 'client' | 'visitor';

/** The order a result page is about, whether it exists, and who is reading. */
export function usePaymentOrder(orderId: string | undefined) {
  const order = useQuery({ ...orderQueryOptions(orderId ?? ''), enabled: orderId !== undefined });
  const user = useQuery(currentUserQueryOptions());
  const notFound = orderId !== undefined && isApiError(order.error) && order.error.status === 404;
  const audience: PaymentAudience = user.data || order.data?.depositPaid ? 'client' : 'visitor';
  return {
    order: order.data,
    notFound,
    /** Neither the order nor the reader known yet: a page should not guess whom it speaks to. */
    settling: (orderId !== undefined && order.isPending) || user.isPending,
    audience,
    signedIn: Boolean(user.data),
    /** Whether the session has been read: until then, no promise that depends on it is made. */
    sessionRead: !user.isPending,
  };
}
