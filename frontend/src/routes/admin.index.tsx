import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { adminSessionQueryOptions } from '@/features/back-office/api/admin-session';
import { AdminHomePage } from '@/features/back-office/components/admin-home-page';

export const Route = createFileRoute('/admin/')({ component: AdminIndexRoute });

function AdminIndexRoute() {
  const { data: session } = useSuspenseQuery(adminSessionQueryOptions());
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  // Typing in the search box replaces the entry rather than adding one per keystroke.
  const onFiltersChange = (next: typeof filters) =>
    void navigate({ search: next, replace: (next.search ?? '') !== (filters.search ?? '') });
  return session && <AdminHomePage session={session} filters={filters} onFiltersChange={onFiltersChange} />;
}
