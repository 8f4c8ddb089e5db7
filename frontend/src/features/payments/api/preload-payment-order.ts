import { type QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@/lib/auth';
import { orderQueryOptions } from '@/lib/orders/get-order';

/**
 * For a result page's loader: the order and the reader that `usePaymentOrder` asks for (apart from
 * that hook: a loader's code ships in the entry chunk). Never throws: the page says an order that is
 * not found, and checks the payment itself once on screen.
 */
export async function preloadPaymentOrder(
  queryClient: QueryClient,
  orderId: string | undefined,
): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(currentUserQueryOptions()),
    orderId === undefined ? undefined : queryClient.prefetchQuery(orderQueryOptions(orderId)),
  ]);
}
