import { type InvoiceListItem } from '@coseso/domain/invoices/invoice-ledger';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';
import { type operations } from '@/lib/api-types.gen';

/** A document as the lists show it, with where its PDF is. */
export type ListedInvoice = InvoiceListItem & { pdfUrl: string };

/** « Voir les factures »: the client's invoices and credit notes of one order. */
export const clientInvoicesQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['client', 'orders', orderId, 'invoices'] as const,
    queryFn: ({ signal }) =>
      api.get<{ invoices: ListedInvoice[] }>(`/api/client/orders/${encodeURIComponent(orderId)}/invoices`, {
        signal,
      }),
    // The first invoice is issued within seconds of the payment: look again soon until it is there.
    // Then a credit note (a cancellation, a refund) or a renewal's invoice may follow while the
    // dialog is open: look again now and then, as the order list does.
    refetchInterval: (query) => (query.state.data?.invoices.length === 0 ? 2_000 : 10_000),
  });

/** The back-office panel's list of the order's documents. */
export const orderInvoicesQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['admin', 'orders', orderId, 'invoices'] as const,
    queryFn: ({ signal }) =>
      api.get<{ invoices: ListedInvoice[] }>(`/api/admin/orders/${encodeURIComponent(orderId)}/invoices`, {
        signal,
        auth: 'admin',
      }),
  });

/** The days the accountant's page asks for (`from`, `to`, YYYY-MM-DD), as the document describes them. */
export type InvoicePeriod = Pick<
  NonNullable<operations['AdminInvoices_period']['parameters']['query']>,
  'from' | 'to'
>;

/**
 * One page of the period's documents (in issue order, `next` the following page's cursor) and the
 * whole period's totals, as the document describes them; its documents read as the lists' own type.
 */
export type PeriodInvoices = Omit<ApiAnswer<'/api/admin/invoices'>, 'invoices'> & {
  invoices: ListedInvoice[];
};

export const periodQuery = (period: InvoicePeriod, after?: string | null) => {
  const search = new URLSearchParams();
  if (period.from) search.set('from', period.from);
  if (period.to) search.set('to', period.to);
  if (after) search.set('after', after);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The accountant's page: the period's totals and its documents, a page at a time. */
export const periodInvoicesQueryOptions = (period: InvoicePeriod) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'invoices', period.from ?? null, period.to ?? null] as const,
    queryFn: ({ signal, pageParam }) =>
      api.get<PeriodInvoices>(`/api/admin/invoices${periodQuery(period, pageParam)}`, {
        signal,
        auth: 'admin',
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

/** « TVA sur les encaissements »: what `GET /api/admin/invoices/receipts` answers. */
export type VatOnReceipts = ApiAnswer<'/api/admin/invoices/receipts'>;

export type ReceiptAmounts = VatOnReceipts['received'];

/** The accountant's page: the period's payments received and refunded, by VAT rate. */
export const vatOnReceiptsQueryOptions = (period: InvoicePeriod) =>
  queryOptions({
    queryKey: ['admin', 'invoices', 'receipts', period.from ?? null, period.to ?? null] as const,
    queryFn: ({ signal }) =>
      api.get<VatOnReceipts>(`/api/admin/invoices/receipts${periodQuery(period)}`, {
        signal,
        auth: 'admin',
      }),
  });
