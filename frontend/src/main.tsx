import '@/lib/zod-jitless';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app';
import { installChunkReload } from '@/lib/chunk-reload';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter, type AppRouter } from '@/router';
import './styles.css';

installChunkReload();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const app = <App router={router} queryClient={queryClient} />;

/** The HTML the build prerendered (scripts/prerender-landing.mjs): the landing page of `/`. */
const prerenderedRoute = container.dataset.prerendered;

if (prerenderedRoute) {
  // Hydration must render what the build rendered, so the router resolves the page first (the
  // landing route's chunk, the session check); meanwhile the prerendered page stays on screen. A
  // signed-in client is sent to the client area instead: that page is drawn afresh.
  router
    .load()
    .catch(() => undefined)
    .then(() => {
      // As a transition, hydration yields to the browser every few milliseconds instead of holding
      // the main thread for the whole page (the page is already on screen meanwhile).
      if (showsPrerenderedPage(router, prerenderedRoute))
        startTransition(() => void hydrateRoot(container, app));
      else createRoot(container).render(app);
    });
} else {
  createRoot(container).render(app);
}

function showsPrerenderedPage(router: AppRouter, routeId: string): boolean {
  const { location, matches } = router.state;
  return (
    location.pathname === '/' &&
    matches.at(-1)?.routeId === routeId &&
    matches.every((match) => match.status === 'success')
  );
}
