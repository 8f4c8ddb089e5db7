import { type QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

export function createAppRouter(
  queryClient: QueryClient,
  /** For the build's prerender of `/`: a memory history, and no scroll restoration (its script is inline). */
  overrides: { history?: RouterHistory; scrollRestoration?: boolean } = {},
) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Query owns the cache: the router always calls loaders, which read from it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    ...overrides,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
