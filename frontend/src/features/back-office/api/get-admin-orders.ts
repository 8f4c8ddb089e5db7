import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';
import { type AdminListFilters, BOARD_COLUMN_PAGE, listQueryString } from '../utils/admin-order-filters';

/** One page of `GET /api/admin/orders`, with the count of every matching order. */
export type AdminOrderPage = ApiAnswer<'/api/admin/orders'>;

/** A card of the back-office list (spec §2.3). */
export type AdminOrderRow = AdminOrderPage['orders'][number];

export const adminOrdersQueryKey = ['admin', 'orders'] as const;

/**
 * The back-office list, searched, filtered and paged by the server (refetched when the tab comes
 * back: use-refetch-on-return). The previous page stays on screen while the next loads.
 */
export const adminOrdersQueryOptions = (filters: AdminListFilters) =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, filters],
    queryFn: ({ signal }) =>
      api.get<AdminOrderPage>(`/api/admin/orders?${listQueryString(filters)}`, {
        signal,
        auth: 'admin',
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/**
 * A board column: the orders of one status under the list's search, template and catalogue version, the longest wait
 * first, a page at a time (every order reachable, page after page).
 */
export const boardColumnQueryOptions = (filters: AdminListFilters, status: OrderStatus) => {
  const { search, template, catalogueVersion, drafts } = filters;
  const column = {
    ...(search ? { search } : {}),
    ...(template ? { template } : {}),
    ...(catalogueVersion ? { catalogueVersion } : {}),
    ...(drafts ? { drafts } : {}),
  };
  return infiniteQueryOptions({
    queryKey: [...adminOrdersQueryKey, 'board', status, column],
    queryFn: ({ signal, pageParam }) =>
      api.get<AdminOrderPage>(
        `/api/admin/orders?${listQueryString({ ...column, status, sort: 'waiting', page: pageParam, pageSize: BOARD_COLUMN_PAGE })}`,
        { signal, auth: 'admin' },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
    staleTime: 0,
  });
};
