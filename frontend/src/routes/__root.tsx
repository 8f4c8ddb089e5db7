import { createRootRouteWithContext, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { type RouterContext } from '@/lib/router-context';
import { Toaster } from '@/ui/toaster';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteErrorPage,
  // Loaded when needed: the root route is never code-split, and a first visit is rarely a 404. The
  // error page stays in the entry, to show even when loading a chunk is what failed.
  notFoundComponent: lazyRouteComponent(
    () => import('@/features/errors/components/not-found-page'),
    'NotFoundPage',
  ),
});

function RootLayout() {
  return (
    <>
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-primary-700 focus:shadow-lg focus:outline-2 focus:outline-primary-500"
      >
        Aller au contenu
      </a>
      <Outlet />
      <Toaster />
    </>
  );
}
