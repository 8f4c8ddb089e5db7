import { createFileRoute } from '@tanstack/react-router';
import { SignInRequired } from '@/features/auth/components/sign-in-required';
import { clientOrdersQueryOptions } from '@/features/client-area/api/get-client-orders';
import { ClientAreaLoading } from '@/features/client-area/components/client-area-loading';
import { DashboardPage } from '@/features/client-area/components/dashboard-page';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { currentUserQueryOptions } from '@/lib/auth';

export const Route = createFileRoute('/dashboard/')({
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
  return user ? <DashboardPage user={user} /> : <SignInRequired redirect="/dashboard" />;
}
