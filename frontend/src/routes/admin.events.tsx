import { createFileRoute } from '@tanstack/react-router';
import { EventLogPage } from '@/features/audit/components/event-log-page';
import { eventLogSearchSchema } from '@/features/audit/utils/event-log-search-schema';
import { AdminLoading } from '@/features/back-office/components/admin-loading';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { loadForAdmin } from '@/lib/admin-session/admin-session';

/** `/admin/events`: the auditors' event-log explorer, its exports and the integrity check. */
export const Route = createFileRoute('/admin/events')({
  validateSearch: (search) => eventLogSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ search }),
  // The first page of the filtered log loads with the page (its reading of the filters and its query
  // options in chunks of their own: a loader's code ships in the entry). Filters that cannot be read list nothing: the page
  // says so.
  loader: ({ context: { queryClient }, deps: { search } }) =>
    loadForAdmin(queryClient, async () => {
      const [{ readEventLogSearch }, { eventLogQueryOptions }] = await Promise.all([
        import('@/features/audit/utils/event-log-search'),
        import('@/features/audit/api/get-event-log'),
      ]);
      const read = readEventLogSearch(search);
      if (!read.ok) return;
      await queryClient.ensureInfiniteQueryData(eventLogQueryOptions(read.filters));
    }),
  pendingComponent: AdminLoading,
  errorComponent: RouteErrorPage,
  component: EventLogRoute,
});

function EventLogRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <EventLogPage search={search} onFiltersChange={(filters) => void navigate({ search: filters })} />;
}
