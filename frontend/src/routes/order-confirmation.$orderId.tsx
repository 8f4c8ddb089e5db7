import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
// zod/mini: the route config ships in the entry chunk, and the full zod would cost ~15 KB gzip there.
import { z } from 'zod/mini';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { OrderConfirmationLoading } from '@/features/order-confirmation/components/order-confirmation-loading';
import { OrderConfirmationNotFound } from '@/features/order-confirmation/components/order-confirmation-not-found';
import { OrderConfirmationPage } from '@/features/order-confirmation/components/order-confirmation-page';
import { isApiError } from '@/lib/api';
import { orderQueryOptions } from '@/lib/orders/get-order';

const paramsSchema = z.object({ orderId: z.uuid() });

export const Route = createFileRoute('/order-confirmation/$orderId')({
  params: { parse: (params) => paramsSchema.parse(params) },
  loader: ({ context: { queryClient }, params: { orderId } }) =>
    queryClient.ensureQueryData(orderQueryOptions(orderId)),
  pendingComponent: OrderConfirmationLoading,
  pendingMs: 300,
  errorComponent: OrderConfirmationError,
  notFoundComponent: OrderConfirmationNotFound,
  component: OrderConfirmationRoute,
});

function OrderConfirmationRoute() {
  const { orderId } = Route.useParams();
  const { data: order } = useSuspenseQuery(orderQueryOptions(orderId));
  return <OrderConfirmationPage order={order} />;
}

// A server or network failure is not a missing order: it gets the generic page with its retry button.
function OrderConfirmationError({ error }: ErrorComponentProps) {
  const unavailable = isApiError(error) ? error.status >= 500 : error instanceof TypeError;
  return unavailable ? <RouteErrorPage /> : <OrderConfirmationNotFound />;
}
