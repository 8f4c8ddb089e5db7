import { type PaymentBadge } from '@coseso/domain/orders/admin-order-view';
import { type NextStep } from '@coseso/domain/orders/next-step';
import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type AllowedAction } from '../utils/admin-actions';
import { type AdminListFilters, BOARD_COLUMN_PAGE, listQueryString } from '../utils/admin-order-filters';

/** A card of the back-office list (spec §2.3). */
export interface AdminOrderRow {
  id: string;
  orderNumber: number;
  status: OrderStatus;
  companyName: string | null;
  companySector: string | null;
  contactEmail: string | null;
  selectedTemplate: string | null;
  billingPeriod: string | null;
  /** HT, cents: the first year (yearly plan) or the set-up fees (monthly plan). */
  totalAmount: number | null;
  /** TTC, cents: the same total, VAT included. */
  totalWithVat: number | null;
  depositPaid: boolean;
  finalPaid: boolean;
  /** What has been paid (the badge beside the status). */
  payment: PaymentBadge;
  currentStep: number;
  /** Emails of the order the queue gave up on (« E-mails en échec »). */
  failedEmails: number;
  allowedActions: AllowedAction[];
  /** Whose move it is, what, since when (null only until the read model is rebuilt). */
  nextStep: NextStep | null;
  /** When the payment awaited from the client last failed. */
  paymentFailedAt: string | null;
  createdAt: string;
  lastActiveAt: string;
}

/** One page of `GET /api/admin/orders`, with the count of every matching order. */
export interface AdminOrderPage {
  orders: AdminOrderRow[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

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
 * A board column: the orders of one status under the list's search and template, the longest wait
 * first, a page at a time (every order reachable, page after page).
 */
export const boardColumnQueryOptions = (filters: AdminListFilters, status: OrderStatus) => {
  const { search, template, drafts } = filters;
  const column = {
    ...(search ? { search } : {}),
    ...(template ? { template } : {}),
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
