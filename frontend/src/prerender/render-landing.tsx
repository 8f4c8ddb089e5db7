import { createMemoryHistory } from '@tanstack/react-router';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { landingFigureTokens } from '@coseso/domain/pricing/landing-figures';
import { App } from '@/app';
import { landingFiguresQueryKey } from '@/features/landing/api/landing-figures';
import { currentUserQueryKey } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from '@/router';

/**
 * The HTML of `/` as a visitor who is not signed in sees it, rendered at build time (Node) by the
 * same route tree and components as the browser, so that `main.tsx` can hydrate it.
 */
export async function renderLanding(): Promise<string> {
  const queryClient = createQueryClient();
  // Nobody is signed in at build time: `/` shows the landing page instead of asking the API.
  queryClient.setQueryData(currentUserQueryKey, null);
  // A token for each figure: the server writes the catalogue version in force in their place
  // (fillLandingFigures), so the page is built once and sells at every version.
  queryClient.setQueryData(landingFiguresQueryKey, landingFigureTokens());
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: ['/'] }),
    scrollRestoration: false,
  });
  await router.load();
  const match = router.state.matches.at(-1);
  if (router.state.location.pathname !== '/' || match?.routeId !== '/' || match.status !== 'success') {
    throw new Error(
      `prerendering / ended on ${router.state.location.pathname} (${match?.routeId}: ${match?.status})`,
    );
  }
  // In the browser the router renders its matches inside a Suspense boundary that it leaves out on
  // a server; this one puts the boundary's markers where hydration expects them.
  return renderToString(
    <Suspense>
      <App router={router} queryClient={queryClient} />
    </Suspense>,
  );
}
