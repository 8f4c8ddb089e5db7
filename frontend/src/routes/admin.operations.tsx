import { createFileRoute } from '@tanstack/react-router';
import { failedJobsQueryOptions } from '@/features/operations/api/get-failed-jobs';
import { projectionsQueryOptions } from '@/features/operations/api/get-projections';
import { OperationsPage } from '@/features/operations/components/operations-page';
import { loadForAdmin } from '@/lib/admin-session/admin-session';

/** The operators' page, inside the back-office's session gate (the /admin layout). */
export const Route = createFileRoute('/admin/operations')({
  // Both sections load at once; prefetching never throws, each section says its own failure.
  loader: ({ context: { queryClient } }) =>
    loadForAdmin(queryClient, () =>
      Promise.all([
        queryClient.prefetchQuery(projectionsQueryOptions()),
        queryClient.prefetchQuery(failedJobsQueryOptions()),
      ]),
    ),
  component: OperationsPage,
});
