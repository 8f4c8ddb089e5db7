import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { adminSessionQueryOptions } from '@/features/back-office/api/admin-session';
import { AdminHomePage } from '@/features/back-office/components/admin-home-page';
import { AdminLoading } from '@/features/back-office/components/admin-loading';
import { AdminLoginPage } from '@/features/back-office/components/admin-login-page';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';

export const Route = createFileRoute('/admin')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(adminSessionQueryOptions()),
  pendingComponent: AdminLoading,
  pendingMs: 300,
  errorComponent: RouteErrorPage,
  component: AdminRoute,
});

function AdminRoute() {
  const { data: session } = useSuspenseQuery(adminSessionQueryOptions());
  return session ? <AdminHomePage session={session} /> : <AdminLoginPage />;
}
