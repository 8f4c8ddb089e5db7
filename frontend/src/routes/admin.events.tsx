import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { EventLogPage } from '@/features/audit/components/event-log-page';
import { eventLogSearchSchema } from '@/features/audit/utils/event-log-search';
import { adminSessionQueryOptions } from '@/features/back-office/api/admin-session';
import { AdminLoading } from '@/features/back-office/components/admin-loading';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';

/** `/admin/events`: the auditors' event-log explorer, its exports and the integrity check. */
export const Route = createFileRoute('/admin/events')({
  validateSearch: (search) => eventLogSearchSchema.parse(search),
  // No loader: it would ship in the entry chunk; the page suspends on its own queries (the layout
  // has loaded the session).
  pendingComponent: AdminLoading,
  errorComponent: RouteErrorPage,
  component: EventLogRoute,
});

function EventLogRoute() {
  const { data: session } = useSuspenseQuery(adminSessionQueryOptions());
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    session && (
      <EventLogPage
        token={session.token}
        search={search}
        onFiltersChange={(filters) => void navigate({ search: filters })}
      />
    )
  );
}
