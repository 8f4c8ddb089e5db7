import { createFileRoute } from '@tanstack/react-router';
// zod/mini: the route config ships in the entry chunk, and the full zod would cost ~15 KB gzip there.
import { z } from 'zod/mini';
import { setPasswordLinkQueryOptions } from '@/features/auth/api/set-password-link';
import { SetPasswordPage } from '@/features/auth/components/set-password-page';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';

// A link's token is opaque; one that cannot be ours is treated as an invalid link.
const searchSchema = z.object({
  token: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{20,200}$/))), undefined),
  order: z.catch(z.optional(z.uuid()), undefined),
});

export const Route = createFileRoute('/auth/set-password')({
  validateSearch: (search: Record<string, unknown>) => searchSchema.parse(search),
  loaderDeps: ({ search: { token } }) => ({ token }),
  // The link is checked as the page loads; prefetching never throws, the page says an invalid link.
  loader: async ({ context: { queryClient }, deps: { token } }) => {
    if (token) await queryClient.prefetchQuery({ ...setPasswordLinkQueryOptions(token), retry: false });
  },
  component: SetPasswordRoute,
  errorComponent: RouteErrorPage,
});

function SetPasswordRoute() {
  const { token, order } = Route.useSearch();
  return <SetPasswordPage token={token} order={order} />;
}
