import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { adminSessionQueryOptions } from '@/features/back-office/api/admin-session';
import { AdminLoading } from '@/features/back-office/components/admin-loading';
import { AdminLoginPage } from '@/features/back-office/components/admin-login-page';
import { AdminShell } from '@/features/back-office/components/admin-shell';
import { adminSearchSchema } from '@/features/back-office/utils/admin-order-filters';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { OperationsBanner } from '@/features/operations/components/operations-banner';

/** The back-office's layout: the session gate, then its pages; the list's filters are in the URL. */
export const Route = createFileRoute('/admin')({
  validateSearch: (search) => adminSearchSchema.parse(search),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(adminSessionQueryOptions()),
  pendingComponent: AdminLoading,
  pendingMs: 300,
  errorComponent: RouteErrorPage,
  component: AdminRoute,
});

function AdminRoute() {
  const { data: session } = useSuspenseQuery(adminSessionQueryOptions());
  return session ? (
    <AdminShell session={session}>
      <OperationsBanner token={session.token} />
      <Outlet />
    </AdminShell>
  ) : (
    <AdminLoginPage />
  );
}
