import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminLoading } from '@/features/back-office/components/admin-loading';
import { AdminLoginPage } from '@/features/back-office/components/admin-login-page';
import { AdminShell } from '@/features/back-office/components/admin-shell';
import { adminSearchSchema } from '@/features/back-office/utils/admin-order-filters';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { OperationsBanner } from '@/features/operations/components/operations-banner';
import { adminSessionQueryOptions } from '@/lib/admin-session/admin-session';
import { AdminSessionProvider } from '@/lib/admin-session/use-admin-session';

/** The back-office's layout: the session gate, then its pages; the list's filters are in the URL. */
export const Route = createFileRoute('/admin')({
  validateSearch: (search) => adminSearchSchema.parse(search),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(adminSessionQueryOptions()),
  pendingComponent: AdminLoading,
  pendingMs: 300,
  errorComponent: RouteErrorPage,
  component: AdminRoute,
});

// A live subscription: a session that ends (sign-out, a 401) shows the sign-in page at once.
function AdminRoute() {
  const { data: session } = useSuspenseQuery(adminSessionQueryOptions());
  return session ? (
    <AdminSessionProvider session={session}>
      <AdminShell>
        <OperationsBanner />
        <Outlet />
      </AdminShell>
    </AdminSessionProvider>
  ) : (
    <AdminLoginPage />
  );
}
