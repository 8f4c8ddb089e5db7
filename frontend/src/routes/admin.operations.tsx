import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useForgetAdminSession } from '@/features/back-office/api/admin-logout';
import { adminSessionQueryOptions, loadForAdmin } from '@/features/back-office/api/admin-session';
import { failedJobsQueryOptions } from '@/features/operations/api/get-failed-jobs';
import { projectionsQueryOptions } from '@/features/operations/api/get-projections';
import { OperationsPage } from '@/features/operations/components/operations-page';

/** The operators' page, inside the back-office's session gate (the /admin layout). */
export const Route = createFileRoute('/admin/operations')({
  // Both sections load at once; prefetching never throws, each section says its own failure.
  loader: ({ context: { queryClient } }) =>
    loadForAdmin(queryClient, async (token) => {
      await Promise.all([
        queryClient.prefetchQuery(projectionsQueryOptions(token)),
        queryClient.prefetchQuery(failedJobsQueryOptions(token)),
      ]);
    }),
  component: AdminOperationsRoute,
});

function AdminOperationsRoute() {
  const { data: session } = useSuspenseQuery(adminSessionQueryOptions());
  const forget = useForgetAdminSession();
  return (
    session && (
      <OperationsPage
        token={session.token}
        canWrite={session.user.role === 'admin'}
        onUnauthorized={forget}
      />
    )
  );
}
