import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
// zod/mini: the route config ships in the entry chunk, and the full zod would cost ~15 KB gzip there.
import { z } from 'zod/mini';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { sandboxCheckoutQueryOptions } from '@/features/sandbox-provider/api/get-sandbox-checkout';
import { SandboxCheckoutPage } from '@/features/sandbox-provider/components/sandbox-checkout-page';
import { SandboxCheckoutLoading } from '@/features/sandbox-provider/components/sandbox-loading';
import { SandboxCheckoutNotFound } from '@/features/sandbox-provider/components/sandbox-not-found';
import { isApiError } from '@/lib/api';

const paramsSchema = z.object({
  paymentId: z.string().check(z.regex(/^cs_sandbox_[0-9a-f]{24}$/, 'Identifiant de paiement invalide')),
});

export const Route = createFileRoute('/sandbox/checkout/$paymentId')({
  params: { parse: (params) => paramsSchema.parse(params) },
  loader: ({ context: { queryClient }, params: { paymentId } }) =>
    queryClient.ensureQueryData(sandboxCheckoutQueryOptions(paymentId)),
  pendingComponent: SandboxCheckoutLoading,
  pendingMs: 300,
  errorComponent: SandboxCheckoutError,
  component: SandboxCheckoutRoute,
});

function SandboxCheckoutRoute() {
  const { paymentId } = Route.useParams();
  const { data: checkout } = useSuspenseQuery(sandboxCheckoutQueryOptions(paymentId));
  return <SandboxCheckoutPage checkout={checkout} />;
}

// A server or network failure is not an unknown payment: it gets the generic page with its retry button.
function SandboxCheckoutError({ error }: ErrorComponentProps) {
  const unavailable = isApiError(error) ? error.status >= 500 : error instanceof TypeError;
  return unavailable ? <RouteErrorPage /> : <SandboxCheckoutNotFound />;
}
