import { createFileRoute } from '@tanstack/react-router';
// zod/mini: the route config ships in the entry chunk, and the full zod would cost ~15 KB gzip there.
import { z } from 'zod/mini';
import { setPasswordLinkQueryOptions } from '@/features/auth/api/set-password';
import { SetPasswordContent } from '@/features/auth/components/set-password-page';
import { AdminShell } from '@/features/back-office/components/admin-shell';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';

// A link's token is opaque; one that cannot be ours is treated as an invalid link.
const searchSchema = z.object({
  token: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{20,200}$/))), undefined),
});

/** The back-office's emailed reset link (`/admin/set-password?token=…`), outside the /admin layout's session gate. */
export const Route = createFileRoute('/admin_/set-password')({
  validateSearch: (search: Record<string, unknown>) => searchSchema.parse(search),
  loaderDeps: ({ search: { token } }) => ({ token }),
  // The link is checked as the page loads; prefetching never throws, the page says an invalid link.
  loader: async ({ context: { queryClient }, deps: { token } }) => {
    if (token)
      await queryClient.prefetchQuery({ ...setPasswordLinkQueryOptions(token, 'admin'), retry: false });
  },
  component: AdminSetPasswordRoute,
  errorComponent: RouteErrorPage,
});

function AdminSetPasswordRoute() {
  const { token } = Route.useSearch();
  return (
    <AdminShell>
      <div className="mx-auto flex w-full max-w-md flex-col gap-6">
        <SetPasswordContent realm="admin" token={token} order={undefined} />
      </div>
    </AdminShell>
  );
}
