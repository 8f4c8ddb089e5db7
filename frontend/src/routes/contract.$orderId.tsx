import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { SignInRequired } from '@/features/auth/components/sign-in-required';
import { contractQueryOptions } from '@/features/client-area/api/get-contract';
import { ClientAreaLoading } from '@/features/client-area/components/client-area-loading';
import { ContractPage } from '@/features/client-area/components/contract-page';
import { NotFoundPage } from '@/features/errors/components/not-found-page';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { isApiError } from '@/lib/api';
import { currentUserQueryOptions } from '@/lib/auth';
import { orderIdParamsSchema } from '@/lib/route-params';

export const Route = createFileRoute('/contract/$orderId')({
  params: { parse: (params) => orderIdParamsSchema.parse(params) },
  loader: async ({ context: { queryClient }, params: { orderId } }) => {
    const user = await queryClient.ensureQueryData(currentUserQueryOptions());
    // Never throws: the page shows its own waiting, error and expired-session states.
    if (user) await queryClient.prefetchQuery(contractQueryOptions(orderId));
    return { user };
  },
  pendingComponent: ClientAreaLoading,
  pendingMs: 300,
  errorComponent: ContractRouteError,
  component: ContractRoute,
});

// As on the dashboard: the user the loader found, not a live subscription.
function ContractRoute() {
  const { orderId } = Route.useParams();
  const { user } = Route.useLoaderData();
  return user ? (
    <ContractPage user={user} orderId={orderId} />
  ) : (
    <SignInRequired redirect={`/contract/${orderId}`} />
  );
}

// The loader only fails when the session cannot be checked; anything else is an id that is not one.
function ContractRouteError({ error }: ErrorComponentProps) {
  return isApiError(error) || error instanceof TypeError ? <RouteErrorPage /> : <NotFoundPage />;
}
