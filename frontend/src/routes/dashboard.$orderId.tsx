import { createFileRoute } from '@tanstack/react-router';
import { DashboardTabs } from '@/features/client-area/components/dashboard-page';
import { currentUserQueryOptions } from '@/lib/auth';
import { orderIdParamsSchema } from '@/lib/route-params';

/** An order of the client selected (the links of our emails): its project tab opens. */
export const Route = createFileRoute('/dashboard/$orderId')({
  params: { parse: (params) => orderIdParamsSchema.parse(params) },
  loaderDeps: ({ search: { tab } }) => ({ tab }),
  // What the tab opened by the link shows loads with the page (the project tab unless it names
  // another), for a signed-in client only; prefetching never throws, the tabs say failures.
  loader: async ({ context: { queryClient }, params: { orderId }, deps: { tab } }) => {
    if (!(await queryClient.ensureQueryData(currentUserQueryOptions()))) return;
    // Imported here, not at the top: a route's loader ships in the landing page's entry chunk, and
    // the timeline brings the client's whole journey with it.
    if (tab === 'media') {
      const { clientFilesQueryOptions } = await import('@/features/client-area/api/get-client-files');
      await queryClient.prefetchQuery(clientFilesQueryOptions(orderId));
    } else if (tab === undefined || tab === 'project' || tab === 'subscription') {
      const { orderTimelineQueryOptions } = await import('@/features/client-area/api/get-order-timeline');
      await queryClient.prefetchQuery(orderTimelineQueryOptions(orderId));
    }
  },
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
