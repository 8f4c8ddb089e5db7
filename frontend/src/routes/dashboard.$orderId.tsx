import { createFileRoute } from '@tanstack/react-router';
// zod/mini: the route config ships in the entry chunk, and the full zod would cost ~15 KB gzip there.
import { z } from 'zod/mini';
import { DashboardTabs } from '@/features/client-area/components/dashboard-page';

const paramsSchema = z.object({ orderId: z.uuid() });

/** An order of the client selected (the links of our emails): its project tab opens. */
export const Route = createFileRoute('/dashboard/$orderId')({
  params: { parse: (params) => paramsSchema.parse(params) },
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
    />
  );
}
