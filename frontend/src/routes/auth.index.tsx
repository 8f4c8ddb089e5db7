import { createFileRoute } from '@tanstack/react-router';
// zod/mini: the route config ships in the entry chunk, and the full zod would cost ~15 KB gzip there.
import { z } from 'zod/mini';
import { AuthPage } from '@/features/auth/components/auth-page';
import { safeRedirectPath } from '@/features/auth/utils/safe-redirect';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { currentUserQueryOptions } from '@/lib/auth';

const searchSchema = z.object({
  mode: z.catch(z.optional(z.literal('forgot')), undefined),
  order: z.catch(z.optional(z.uuid()), undefined),
});

interface AuthSearch {
  /** A path of this site to open once signed in (default /dashboard). */
  redirect?: string;
  /** An order id: its card is shown once signed in. */
  order?: string;
  mode?: 'forgot';
}

export const Route = createFileRoute('/auth/')({
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({
    ...searchSchema.parse(search),
    redirect: safeRedirectPath(search['redirect']),
  }),
  // Asked afresh: the session may have ended since it was cached (sign-out, expiry). Knowing only
  // adds a notice, so failing to know must not block sign-in.
  loader: ({ context: { queryClient } }) =>
    queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => null),
  component: AuthRoute,
  errorComponent: RouteErrorPage,
});

// The user as the loader found it: signing in here updates the cache, and the page must not greet
// the client as "already signed in" on the way out.
function AuthRoute() {
  const { mode, redirect, order } = Route.useSearch();
  const currentUser = Route.useLoaderData();
  return <AuthPage mode={mode ?? 'login'} redirect={redirect} order={order} currentUser={currentUser} />;
}
