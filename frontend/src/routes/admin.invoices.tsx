import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { adminSessionQueryOptions, loadForAdmin } from '@/features/back-office/api/admin-session';
import { AdminLoading } from '@/features/back-office/components/admin-loading';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { AccountantInvoicesPage } from '@/features/invoices/components/accountant-invoices-page';
import { periodInvoicesQueryOptions } from '@/lib/invoices/invoices';

/** `/admin/invoices`: the accountant's page (admins and auditors). */
export const Route = createFileRoute('/admin/invoices')({
  // The page opens on every period (no dates chosen); prefetching never throws, the page says failures.
  loader: ({ context: { queryClient } }) =>
    loadForAdmin(queryClient, (token) => queryClient.prefetchQuery(periodInvoicesQueryOptions(token, {}))),
  pendingComponent: AdminLoading,
  errorComponent: RouteErrorPage,
  component: AdminInvoicesRoute,
});

function AdminInvoicesRoute() {
  const { data: session } = useSuspenseQuery(adminSessionQueryOptions());
  return session && <AccountantInvoicesPage token={session.token} />;
}
