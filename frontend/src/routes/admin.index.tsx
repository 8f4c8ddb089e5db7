import { createFileRoute } from '@tanstack/react-router';
import { AdminHomePage } from '@/features/back-office/components/admin-home-page';
import { adminSearchSchema, listFiltersOf } from '@/features/back-office/utils/admin-order-filters';
import { loadForAdmin } from '@/lib/admin-session/admin-session';

/** `/admin`: the statistics and the orders, searched and filtered through the URL. */
export const Route = createFileRoute('/admin/')({
  // The statistics and the list the URL asks for load with the page (the query options come in a
  // chunk of their own: a loader's code ships in the entry). Only on the way in: while the page is on
  // screen, it follows its filters itself, typing debounced. Prefetching never throws, the page says
  // failures.
  loader: ({ context: { queryClient }, location, cause }) =>
    cause === 'stay'
      ? undefined
      : loadForAdmin(queryClient, async () => {
          const [{ adminStatisticsQueryOptions }, { adminOrdersQueryOptions }] = await Promise.all([
            import('@/features/back-office/api/get-admin-statistics'),
            import('@/features/back-office/api/get-admin-orders'),
          ]);
          const filters = listFiltersOf(adminSearchSchema.parse(location.search));
          await Promise.all([
            queryClient.prefetchQuery(adminStatisticsQueryOptions()),
            queryClient.prefetchQuery(adminOrdersQueryOptions(filters)),
          ]);
        }),
  component: AdminIndexRoute,
});

function AdminIndexRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  // Typing in the search box replaces the entry rather than adding one per keystroke.
  const onFiltersChange = (next: typeof filters) =>
    void navigate({ search: next, replace: (next.search ?? '') !== (filters.search ?? '') });
  return <AdminHomePage filters={filters} onFiltersChange={onFiltersChange} />;
}
