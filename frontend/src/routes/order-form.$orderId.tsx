import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
// zod/mini: the route config ships in the entry chunk, and the full zod would cost ~15 KB gzip there.
import { z } from 'zod/mini';
import { OrderLoading } from '@/features/order-wizard/components/order-loading';
import { OrderNotFound } from '@/features/order-wizard/components/order-not-found';
import { OrderPageShell } from '@/features/order-wizard/components/order-page-shell';
import { OrderWizard } from '@/features/order-wizard/components/order-wizard';
import { orderQueryOptions } from '@/lib/orders/get-order';
import { PaidOrderSummary } from '@/features/order-wizard/components/paid-order-summary';

const paramsSchema = z.object({ orderId: z.uuid() });

export const Route = createFileRoute('/order-form/$orderId')({
  params: { parse: (params) => paramsSchema.parse(params) },
  loader: ({ context: { queryClient }, params: { orderId } }) =>
    queryClient.ensureQueryData(orderQueryOptions(orderId)),
  pendingComponent: OrderLoading,
  pendingMs: 300,
  // A missing order, an id that is not one, or any failure to load: the spec shows the same page.
  errorComponent: OrderNotFound,
  notFoundComponent: OrderNotFound,
  component: OrderFormRoute,
});

function OrderFormRoute() {
  const { orderId } = Route.useParams();
  const queryClient = useQueryClient();
  const { queryKey } = orderQueryOptions(orderId);
  const { data: order } = useSuspenseQuery(orderQueryOptions(orderId));
  return (
    <OrderPageShell>
      <title>{`Commande #${order.orderNumber} · Coseso`}</title>
      {order.depositPaid ? (
        <PaidOrderSummary order={order} />
      ) : (
        <OrderWizard
          key={order.id}
          order={order}
          onCompleted={(completed) => queryClient.setQueryData(queryKey, completed)}
          onReopened={() => void queryClient.invalidateQueries({ queryKey, exact: true })}
        />
      )}
    </OrderPageShell>
  );
}
