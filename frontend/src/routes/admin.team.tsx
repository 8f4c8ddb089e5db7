import { createFileRoute } from '@tanstack/react-router';
import { AdminLoading } from '@/features/back-office/components/admin-loading';
import { TeamPage } from '@/features/back-office/components/team-page';
import { teamQueryOptions } from '@/features/back-office/api/team';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { loadForAdmin } from '@/lib/admin-session/admin-session';

/** `/admin/team`: « Équipe », the back-office's accounts (admins unlock, auditors read). */
export const Route = createFileRoute('/admin/team')({
  // Prefetching never throws: the page says a failure itself.
  loader: ({ context: { queryClient } }) =>
    loadForAdmin(queryClient, () => queryClient.prefetchQuery(teamQueryOptions())),
  pendingComponent: AdminLoading,
  errorComponent: RouteErrorPage,
  component: TeamPage,
});
