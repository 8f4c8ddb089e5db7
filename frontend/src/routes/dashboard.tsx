import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';
import { SignInRequired } from '@/features/auth/components/sign-in-required';
import { clientOrdersQueryOptions } from '@/features/client-area/api/get-client-orders';
import { ClientAreaLoading } from '@/features/client-area/components/client-area-loading';
import { DashboardLayout } from '@/features/client-area/components/dashboard-page';
import { dashboardSearchSchema } from '@/features/client-area/utils/dashboard-tabs';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { currentUserQueryOptions } from '@/lib/auth';

/** The client area's layout: /dashboard?tab=… and /dashboard/{orderId}?tab=… */
export const Route = createFileRoute('/dashboard')({
  validateSearch: (search) => dashboardSearchSchema.parse(search),
  loader: async ({ context: { queryClient } }) => {
    const user = await queryClient.ensureQueryData(currentUserQueryOptions());
    // Never throws: the page shows its own loading, error and expired-session states.
    if (user) await queryClient.prefetchQuery(clientOrdersQueryOptions());
    return { user };
  },
  pendingComponent: ClientAreaLoading,
  pendingMs: 300,
  errorComponent: RouteErrorPage,
  component: DashboardRoute,
});

// The user as the loader found it, not a live subscription: signing out empties the cache while
// this page is still on screen, and that must not look like a visit without a session.
function DashboardRoute() {
  const { user } = Route.useLoaderData();
  const here = useLocation({ select: (location) => location.pathname + location.searchStr });
  return user ? (
    <DashboardLayout user={user}>
      <Outlet />
    </DashboardLayout>
  ) : (
    <SignInRequired redirect={here} />
  );
}
