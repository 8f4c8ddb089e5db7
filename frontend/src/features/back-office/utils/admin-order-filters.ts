import {
  type AdminOrderQueue,
  type AdminOrderSort,
  DEFAULT_ADMIN_ORDER_SORT,
  adminOrderQueues,
  adminOrderSorts,
} from '@coseso/domain/orders/admin-order-sort';
import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { type TemplateKey, orderStatuses, templateKeys } from '@coseso/domain/orders/order-keys';
// zod/mini: the route's search schema ships in the entry chunk.
import { z } from 'zod/mini';

/** The statuses the back-office filters on: every one, in the flow's order (from order-keys: no zod in the entry chunk). */
export const adminStatusFilters = orderStatuses;

export const ADMIN_ORDERS_PER_PAGE = 10;
/** A board column shows its oldest orders first, this many at a time (« Voir tout » loads the rest). */
export const BOARD_COLUMN_PAGE = 25;

export const adminViews = ['list', 'board'] as const;
export type AdminView = (typeof adminViews)[number];

// The router JSON-decodes search values ("?search=1042" arrives as a number): text is read back as
// text, and a value that cannot be read is dropped rather than failing the page.
const text = z.catch(z.optional(z.coerce.string()), undefined);
// A filter is kept as typed, known or not: one the list does not know is said (unknownFilters), never dropped.
const filterString = z.coerce.string().check(z.maxLength(100));
const filterValue = z.catch(z.optional(filterString), undefined);
// A catalogue version is a number, as the page is: the URL says ?catalogueVersion=2. Anything else
// is kept as typed: the quoted form (?catalogueVersion=%222%22, a string the router wrote) is still
// read as the version (catalogueVersionOf), the rest is said by unknownFilters.
const catalogueVersionValue = z.catch(
  z.optional(z.union([z.int().check(z.minimum(1), z.maximum(999_999)), filterString])),
  undefined,
);

/**
 * `/admin?search=&status=&template=&drafts=&sort=&page=&view=&order=`: the list's filters and order,
 * the view and the selected order, so that every screen of the back-office has a URL.
 */
export const adminSearchSchema = z.object({
  search: text,
  status: filterValue,
  template: filterValue,
  /** « Offres et tarifs »: the orders priced at this catalogue version. */
  catalogueVersion: catalogueVersionValue,
  /** A saved view: « À traiter », « En attente du client », « Paiements en échec ». */
  queue: filterValue,
  /** "Brouillons": the drafts nobody filled in, which the default list leaves out. */
  drafts: z.catch(z.optional(z.literal(true)), undefined),
  // An order the list does not know leaves the default one: it lists the same orders, in another order.
  sort: z.catch(z.optional(z.enum(adminOrderSorts)), undefined),
  page: z.catch(z.optional(z.int().check(z.minimum(1))), undefined),
  view: z.catch(z.optional(z.enum(adminViews)), undefined),
  order: z.catch(z.optional(z.string().check(z.regex(/^[0-9a-f-]{36}$/i))), undefined),
});
export type AdminSearch = z.output<typeof adminSearchSchema>;

/** What the list query sends the server: the filters without the view or the selection. */
export interface AdminListFilters {
  search?: string;
  status?: OrderStatus;
  template?: TemplateKey;
  catalogueVersion?: number;
  queue?: AdminOrderQueue;
  drafts?: true;
  /** Absent: the server's default, the most recently active first. */
  sort?: AdminOrderSort;
  page: number;
  /** Absent: the list's 10. */
  pageSize?: number;
}

export const isOrderStatus = (value: string | undefined): value is OrderStatus =>
  (orderStatuses as readonly (string | undefined)[]).includes(value);
export const isAdminOrderQueue = (value: string | undefined): value is AdminOrderQueue =>
  (adminOrderQueues as readonly (string | undefined)[]).includes(value);

/** A catalogue version as the URL writes it (2, or the quoted « "2" »); null for anything else. */
export function catalogueVersionOf(value: number | string | undefined): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 1 && value <= 999_999 ? value : null;
  return value !== undefined && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : null;
}

export function listFiltersOf({
  search,
  status,
  template,
  catalogueVersion,
  queue,
  drafts,
  sort,
  page,
  view,
}: AdminSearch): AdminListFilters {
  const trimmed = search?.trim();
  return {
    ...(trimmed ? { search: trimmed } : {}),
    ...(isOrderStatus(status) ? { status } : {}),
    ...(template && isTemplateKey(template) ? { template } : {}),
    ...(catalogueVersionOf(catalogueVersion)
      ? { catalogueVersion: catalogueVersionOf(catalogueVersion)! }
      : {}),
    ...(isAdminOrderQueue(queue) ? { queue } : {}),
    ...(drafts ? { drafts } : {}),
    ...(sort && sort !== DEFAULT_ADMIN_ORDER_SORT ? { sort } : {}),
    page: page ?? 1,
    // The board's columns read their own pages: the list's query only counts the orders then.
    ...(view === 'board' ? { pageSize: 1 } : {}),
  };
}

/** The query string of `GET /api/admin/orders` for these filters. */
export function listQueryString(filters: AdminListFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.status) params.set('status', filters.status);
  if (filters.template) params.set('template', filters.template);
  if (filters.catalogueVersion) params.set('catalogueVersion', String(filters.catalogueVersion));
  if (filters.queue) params.set('queue', filters.queue);
  if (filters.drafts) params.set('drafts', 'true');
  if (filters.sort) params.set('sort', filters.sort);
  params.set('page', String(filters.page));
  if (filters.pageSize) params.set('pageSize', String(filters.pageSize));
  return params.toString();
}

/** Any change of search or filter goes back to page 1 (spec §5); the view and the selection stay. */
export function refineFilters(current: AdminSearch, change: Partial<AdminSearch>): AdminSearch {
  return { ...current, ...change, page: undefined };
}

/** Reset: every filter goes; the view and the order chosen stay (they narrow nothing). */
export function resetFilters({ view, sort }: AdminSearch): AdminSearch {
  return { ...(view ? { view } : {}), ...(sort ? { sort } : {}) };
}

export function isTemplateKey(value: string): value is TemplateKey {
  return (templateKeys as readonly string[]).includes(value);
}
