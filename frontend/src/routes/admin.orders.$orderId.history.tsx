import { createFileRoute } from '@tanstack/react-router';
import { OrderHistoryPage } from '@/features/audit/components/order-history-page';
import { AdminLoading } from '@/features/back-office/components/admin-loading';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { loadForAdmin } from '@/lib/admin-session/admin-session';
import { orderIdParamsSchema } from '@/lib/route-params';

/** `/admin/orders/:orderId/history`: the order's history with time travel (admins and auditors). */
export const Route = createFileRoute('/admin/orders/$orderId/history')({
  params: { parse: (params) => orderIdParamsSchema.parse(params) },
  // The history loads with the page (its query options in a chunk of their own: a loader's code
  // ships in the entry); a failure is the route's error page, as when the page read it itself.
  loader: ({ context: { queryClient }, params: { orderId } }) =>
    loadForAdmin(queryClient, async () => {
      const { orderHistoryQueryOptions } = await import('@/features/audit/api/get-order-history');
      await queryClient.ensureQueryData(orderHistoryQueryOptions(orderId));
    }),
  pendingComponent: AdminLoading,
  errorComponent: RouteErrorPage,
  component: OrderHistoryRoute,
});

function OrderHistoryRoute() {
  const { orderId } = Route.useParams();
  return <OrderHistoryPage orderId={orderId} />;
}
