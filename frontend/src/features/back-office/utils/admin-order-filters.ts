import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { type TemplateKey, templateKeys } from '@coseso/domain/orders/order-keys';
// zod/mini: the route's search schema ships in the entry chunk.
import { z } from 'zod/mini';

/** The statuses the back-office filters on (spec §9), in its order. */
export const adminStatusFilters = [
  'pending',
  'brief_pending',
  'brief',
  'in_progress',
  'en_revision',
  'awaiting_balance_payment',
  'ready_for_delivery',
  'delivered',
] as const satisfies readonly OrderStatus[];

export const ADMIN_ORDERS_PER_PAGE = 10;

// The router JSON-decodes search values ("?search=1042" arrives as a number): text is read back as
// text, and a value that cannot be read is dropped rather than failing the page.
const text = z.catch(z.optional(z.coerce.string()), undefined);

/** `/admin?search=&status=&template=&page=`: the back-office list's filters, so a filtered list has a URL. */
export const adminSearchSchema = z.object({
  search: text,
  status: z.catch(z.optional(z.enum(adminStatusFilters)), undefined),
  template: z.catch(z.optional(z.enum(templateKeys)), undefined),
  page: z.catch(z.optional(z.int().check(z.minimum(1))), undefined),
});
export type AdminSearch = z.output<typeof adminSearchSchema>;

/** What the filters read of an order of the list. */
export interface FilterableOrder {
  id: string;
  status: OrderStatus;
  companyName: string | null;
  companySector: string | null;
  contactEmail: string | null;
  selectedTemplate: string | null;
}

/** Spec §5: a case-insensitive substring of the company name, contact email, sector or id; then status and template. */
export function matchesAdminFilters(
  order: FilterableOrder,
  { search, status, template }: AdminSearch,
): boolean {
  const needle = search?.trim().toLocaleLowerCase('fr') ?? '';
  const found =
    needle === '' ||
    [order.companyName, order.contactEmail, order.companySector, order.id].some((field) =>
      field?.toLocaleLowerCase('fr').includes(needle),
    );
  return found && (!status || order.status === status) && (!template || order.selectedTemplate === template);
}

/** One page of the list; a page past the end shows the last one. */
export function pageOf<T>(items: readonly T[], page: number | undefined) {
  const pageCount = Math.max(1, Math.ceil(items.length / ADMIN_ORDERS_PER_PAGE));
  const current = Math.min(page ?? 1, pageCount);
  const start = (current - 1) * ADMIN_ORDERS_PER_PAGE;
  return { items: items.slice(start, start + ADMIN_ORDERS_PER_PAGE), page: current, pageCount };
}

export const isTemplateKey = (value: string): value is TemplateKey =>
  (templateKeys as readonly string[]).includes(value);
