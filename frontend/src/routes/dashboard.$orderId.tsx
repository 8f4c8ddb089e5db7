import { createFileRoute } from '@tanstack/react-router';
import { DashboardTabs } from '@/features/client-area/components/dashboard-page';
import { orderIdParamsSchema } from '@/lib/route-params';

/** An order of the client selected (the links of our emails): its project tab opens. */
export const Route = createFileRoute('/dashboard/$orderId')({
  params: { parse: (params) => orderIdParamsSchema.parse(params) },
  component: DashboardOrderRoute,
});

function DashboardOrderRoute() {
  const { orderId } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DashboardTabs
      tab={tab}
      orderId={orderId}
      onTabChange={(next) => void navigate({ search: { tab: next } })}
      onSelectOrder={(selected, next) =>
        void navigate({ to: '/dashboard/$orderId', params: { orderId: selected }, search: { tab: next } })
      }
    />
  );
}
