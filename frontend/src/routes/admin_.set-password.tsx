import { createFileRoute } from '@tanstack/react-router';
import { SetPasswordContent } from '@/features/auth/components/set-password-page';
import { AdminShell } from '@/features/back-office/components/admin-shell';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';

// A link's token is opaque; one that cannot be ours is treated as an invalid link. No zod here: the
// route config ships in the landing page's entry chunk, whose budget is tight.
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The back-office's emailed reset link (`/admin/set-password?token=…`), outside the /admin layout's
 * session gate; the page checks the link as it opens (« Vérification du lien... »).
 */
export const Route = createFileRoute('/admin_/set-password')({
  validateSearch: ({ token }: Record<string, unknown>): { token?: string } =>
    typeof token === 'string' && TOKEN.test(token) ? { token } : {},
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
