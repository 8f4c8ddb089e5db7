import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AccessRestricted } from '@/features/back-office/components/access-restricted';
import { AdminLoading } from '@/features/back-office/components/admin-loading';
import { EmailTestPage } from '@/features/back-office/components/email-test-page';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { adminSessionQueryOptions } from '@/lib/admin-session/admin-session';
import { AdminSessionProvider } from '@/lib/admin-session/use-admin-session';

export const Route = createFileRoute('/email-test')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(adminSessionQueryOptions()),
  pendingComponent: AdminLoading,
  pendingMs: 300,
  errorComponent: RouteErrorPage,
  component: EmailTestRoute,
});

// A live subscription, unlike the client area: a session that ends here shows the restricted page at once.
function EmailTestRoute() {
  const { data: session } = useSuspenseQuery(adminSessionQueryOptions());
  return session ? (
    <AdminSessionProvider session={session}>
      <EmailTestPage />
    </AdminSessionProvider>
  ) : (
    <AccessRestricted />
  );
}
