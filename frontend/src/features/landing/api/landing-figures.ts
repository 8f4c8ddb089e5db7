import { type LandingFigures } from '@coseso/domain/pricing/landing-figures';
import { LANDING_FIGURES_ELEMENT } from '@coseso/domain/pricing/landing-figures-element';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '@/lib/api';
import { type CatalogueInForce } from '@/lib/catalogue';

export type { LandingFigures };

/** Where the query client holds them: the build prerenders `/` with a token for each (render-landing.tsx). */
export const landingFiguresQueryKey = ['catalogue', 'landing-figures'] as const;

let embedded: LandingFigures | null | undefined;

/** The figures the server wrote into the page it sent for `/`, read once; none on another page's shell. */
function embeddedFigures(): LandingFigures | undefined {
  if (embedded === undefined) {
    const text = globalThis.document?.getElementById(LANDING_FIGURES_ELEMENT)?.textContent;
    try {
      embedded = text ? (JSON.parse(text) as LandingFigures) : null;
    } catch {
      embedded = null;
    }
  }
  return embedded ?? undefined;
}

/** From another page of the app: the version in force, and the code that writes its figures, fetched then. */
async function fetchFigures({ signal }: { signal: AbortSignal }): Promise<LandingFigures> {
  const [{ landingFigures }, catalogue] = await Promise.all([
    import('@coseso/domain/pricing/landing-figures'),
    api.get<CatalogueInForce>('/api/catalogue', { signal }),
  ]);
  return landingFigures(catalogue.grid, catalogue.version);
}

/**
 * The landing page's figures at the catalogue version in force. Sent for `/`, the page holds them:
 * the server filled them in and added them as data, which hydration renders again
 * (docs/adr/0136-the-landing-page-reads-the-catalogue-as-data.md). Reached from another page of the
 * app, they are read then. Not `useQuery`: it would weigh on the landing's first load (its budget).
 */
export function useLandingFigures(): LandingFigures | undefined {
  const client = useQueryClient();
  useEffect(() => {
    if (client.getQueryData(landingFiguresQueryKey) !== undefined) return;
    const figures = embeddedFigures();
    if (figures) client.setQueryData(landingFiguresQueryKey, figures);
    else
      client
        .ensureQueryData({ queryKey: landingFiguresQueryKey, queryFn: fetchFigures })
        .catch(() => undefined);
  }, [client]);
  const read = () => client.getQueryData<LandingFigures>(landingFiguresQueryKey) ?? embeddedFigures();
  return useSyncExternalStore((onChange) => client.getQueryCache().subscribe(onChange), read, read);
}
