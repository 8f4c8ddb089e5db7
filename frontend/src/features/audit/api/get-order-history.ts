import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Who did it, named for people: an admin by email, the payment provider by name, the others by role. */
export interface NamedActor {
  kind: string;
  id: string;
  name?: string;
}

/** One event of the order's stream, with the order as it stood right after it. */
export interface HistoryStep {
  revision: number;
  position: number;
  type: string;
  description: string;
  actor: NamedActor;
  occurredAt: string;
  state: Record<string, unknown>;
}

export interface OrderHistory {
  orderId: string;
  orderNumber: number | null;
  steps: HistoryStep[];
}

interface HistoryAnswer {
  orderId?: string;
  orderNumber?: number;
  events?: HistoryStep[];
  steps?: HistoryStep[];
}

/** `GET /api/admin/orders/:orderId/history`: read from the order's stream, not from a read model. */
export async function getOrderHistory(orderId: string, signal?: AbortSignal): Promise<OrderHistory> {
  const answer = await api.get<HistoryAnswer | HistoryStep[]>(
    `/api/admin/orders/${encodeURIComponent(orderId)}/history`,
    { signal, auth: 'admin' },
  );
  const steps = Array.isArray(answer) ? answer : (answer.events ?? answer.steps ?? []);
  const first = steps[0]?.state;
  return {
    orderId,
    orderNumber:
      (!Array.isArray(answer) ? answer.orderNumber : undefined) ??
      (typeof first?.['orderNumber'] === 'number' ? first['orderNumber'] : null),
    steps,
  };
}

export const orderHistoryQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['admin', 'audit', 'history', orderId],
    queryFn: ({ signal }) => getOrderHistory(orderId, signal),
  });
