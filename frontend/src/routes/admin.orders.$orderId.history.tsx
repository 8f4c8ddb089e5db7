import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { OrderHistoryPage } from '@/features/audit/components/order-history-page';
import { adminSessionQueryOptions } from '@/features/back-office/api/admin-session';
import { AdminLoading } from '@/features/back-office/components/admin-loading';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { orderIdParamsSchema } from '@/lib/route-params';

/** `/admin/orders/:orderId/history`: the order's history with time travel (admins and auditors). */
export const Route = createFileRoute('/admin/orders/$orderId/history')({
  params: { parse: (params) => orderIdParamsSchema.parse(params) },
  // No loader: it would ship in the entry chunk; the page suspends on its own query.
  pendingComponent: AdminLoading,
  errorComponent: RouteErrorPage,
  component: OrderHistoryRoute,
});

function OrderHistoryRoute() {
  const { data: session } = useSuspenseQuery(adminSessionQueryOptions());
  const { orderId } = Route.useParams();
  return session && <OrderHistoryPage token={session.token} orderId={orderId} />;
}
