import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { bearerHeaders } from '../utils/admin-token';
import { type OrderSummary } from './get-latest-orders';

/** A row of `GET /api/orders`, as far as the back-office list reads it. */
export interface AdminOrderRow extends OrderSummary {
  companySector: string | null;
  selectedTemplate: string | null;
  billingPeriod: string | null;
  currentStep: number;
  lastActiveAt: string;
}

/** The most orders the list API returns: the filters search the latest this many, in the browser. */
export const ADMIN_LIST_LIMIT = 500;

/** The back-office list, refetched when the browser tab comes back to the front (spec §2.3). */
export const adminOrdersQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['admin', 'orders', { limit: ADMIN_LIST_LIMIT }],
    queryFn: ({ signal }) =>
      api.get<AdminOrderRow[]>(`/api/orders?limit=${ADMIN_LIST_LIMIT}`, {
        signal,
        headers: bearerHeaders(token),
      }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
