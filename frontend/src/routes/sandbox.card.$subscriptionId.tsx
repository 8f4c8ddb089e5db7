import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
// zod/mini: the route config ships in the entry chunk, and the full zod would cost ~15 KB gzip there.
import { z } from 'zod/mini';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { sandboxSubscriptionQueryOptions } from '@/features/sandbox-provider/api/get-sandbox-subscription';
import { SandboxCardPage } from '@/features/sandbox-provider/components/sandbox-card-page';
import { SandboxCardLoading } from '@/features/sandbox-provider/components/sandbox-loading';
import { SandboxSubscriptionNotFound } from '@/features/sandbox-provider/components/sandbox-not-found';
import { isApiError } from '@/lib/api';

const paramsSchema = z.object({
  subscriptionId: z
    .string()
    .check(z.regex(/^sub_sandbox_[0-9a-f]{24}$/, "Identifiant d'abonnement invalide")),
});

// `return` is where the provider sends the client back; the server only accepts this site's own addresses.
const searchSchema = z.object({
  order: z.catch(z.optional(z.uuid()), undefined),
  return: z.catch(z.optional(z.url()), undefined),
});

export const Route = createFileRoute('/sandbox/card/$subscriptionId')({
  params: { parse: (params) => paramsSchema.parse(params) },
  validateSearch: (search) => searchSchema.parse(search),
  loader: ({ context: { queryClient }, params: { subscriptionId } }) =>
    queryClient.ensureQueryData(sandboxSubscriptionQueryOptions(subscriptionId)),
  pendingComponent: SandboxCardLoading,
  pendingMs: 300,
  errorComponent: SandboxCardError,
  component: SandboxCardRoute,
});

function SandboxCardRoute() {
  const { subscriptionId } = Route.useParams();
  const { order, return: returnUrl } = Route.useSearch();
  const { data: subscription } = useSuspenseQuery(sandboxSubscriptionQueryOptions(subscriptionId));
  return <SandboxCardPage subscription={subscription} orderId={order} returnUrl={returnUrl} />;
}

// A server or network failure is not an unknown subscription: it gets the generic page with its retry button.
function SandboxCardError({ error }: ErrorComponentProps) {
  const unavailable = isApiError(error) ? error.status >= 500 : error instanceof TypeError;
  return unavailable ? <RouteErrorPage /> : <SandboxSubscriptionNotFound />;
}
