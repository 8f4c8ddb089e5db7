import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { OrderLoading } from '@/features/order-wizard/components/order-loading';
import { OrderNotFound } from '@/features/order-wizard/components/order-not-found';
import { OrderPageShell } from '@/features/order-wizard/components/order-page-shell';
import { OrderWizard } from '@/features/order-wizard/components/order-wizard';
import { currentUserQueryOptions } from '@/lib/auth';
import { orderQueryOptions } from '@/lib/orders/get-order';
import { PaidOrderSummary } from '@/features/order-wizard/components/paid-order-summary';
import { orderIdParamsSchema } from '@/lib/route-params';

export const Route = createFileRoute('/order-form/$orderId')({
  params: { parse: (params) => orderIdParamsSchema.parse(params) },
  loader: async ({ context: { queryClient }, params: { orderId } }) => {
    const order = await queryClient.ensureQueryData(orderQueryOptions(orderId));
    if (order.depositPaid || order.formCompleted) return { prefill: null };
    // A signed-in client's new order starts from their last one (company, contact): read before the
    // wizard opens, so its fields never change under the client's fingers.
    const user = await queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
    if (!user) return { prefill: null };
    // Loaded here, not imported at the top: a route's loader ships in the landing page's entry chunk,
    // and the wizard's values bring the form's whole validation library with them.
    const [{ clientOrdersQueryOptions }, { lastOrderPrefill }] = await Promise.all([
      import('@/features/client-area/api/get-client-orders'),
      import('@/features/order-wizard/utils/last-order-prefill'),
    ]);
    const clientOrders = await queryClient.ensureQueryData(clientOrdersQueryOptions()).catch(() => []);
    return { prefill: lastOrderPrefill(order, clientOrders) };
  },
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
  const { prefill } = Route.useLoaderData();
  return (
    <OrderPageShell>
      <title>{`Commande #${order.orderNumber} · Coseso`}</title>
      {order.depositPaid ? (
        <PaidOrderSummary order={order} />
      ) : (
        <OrderWizard
          key={order.id}
          order={order}
          prefill={prefill}
          onCompleted={(completed) => queryClient.setQueryData(queryKey, completed)}
          onReopened={() => void queryClient.invalidateQueries({ queryKey, exact: true })}
        />
      )}
    </OrderPageShell>
  );
}
