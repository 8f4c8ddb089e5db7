import { type QueryClient } from '@tanstack/react-query';
import { clientFilesQueryKey } from './get-client-files';
import { clientOrdersQueryKey } from './get-client-orders';
import { orderTimelineQueryKey } from './get-order-timeline';

/**
 * After one of the client's own actions: reads the order again at once. The API client sends the
 * action's event position with these reads (X-Min-Position), so they show the action done.
 */
export function refreshOrder(queryClient: QueryClient, orderId: string, { files = false } = {}) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: clientOrdersQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: orderTimelineQueryKey(orderId), exact: true }),
    files && queryClient.invalidateQueries({ queryKey: clientFilesQueryKey(orderId), exact: true }),
  ]);
}
