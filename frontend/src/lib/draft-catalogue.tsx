import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { type CatalogueInForce, catalogueQueryOptions } from './catalogue';

/**
 * Renders its children as if `draft` were the catalogue version in force: a query client of their
 * own holds it under the catalogue's key, so /pricing's offers and the wizard's steps, which read the
 * catalogue from there, show a version before it is published (the back-office's preview).
 */
export function DraftCatalogue({ draft, children }: { draft: CatalogueInForce; children: ReactNode }) {
  const client = useMemo(() => {
    const preview = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    preview.setQueryData(catalogueQueryOptions().queryKey, draft);
    return preview;
  }, [draft]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
