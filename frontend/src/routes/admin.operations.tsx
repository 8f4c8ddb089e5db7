import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useForgetAdminSession } from '@/features/back-office/api/admin-logout';
import { adminSessionQueryOptions } from '@/features/back-office/api/admin-session';
import { OperationsPage } from '@/features/operations/components/operations-page';

/** The operators' page, inside the back-office's session gate (the /admin layout). */
export const Route = createFileRoute('/admin/operations')({ component: AdminOperationsRoute });

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
