import { createFileRoute } from '@tanstack/react-router';
import { AdminLoading } from '@/features/back-office/components/admin-loading';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { AccountantInvoicesPage } from '@/features/invoices/components/accountant-invoices-page';
import { loadForAdmin } from '@/lib/admin-session/admin-session';
import { periodInvoicesQueryOptions } from '@/lib/invoices/invoices';

/** `/admin/invoices`: the accountant's page (admins and auditors). */
export const Route = createFileRoute('/admin/invoices')({
  // The page opens on every period (no dates chosen); prefetching never throws, the page says failures.
  loader: ({ context: { queryClient } }) =>
    loadForAdmin(queryClient, () => queryClient.prefetchInfiniteQuery(periodInvoicesQueryOptions({}))),
  pendingComponent: AdminLoading,
  errorComponent: RouteErrorPage,
  component: AccountantInvoicesPage,
});
