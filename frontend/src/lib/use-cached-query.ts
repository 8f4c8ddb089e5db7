import { type EnsureQueryDataOptions, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * A query's data as the cache holds it, fetched once if missing: for the header and footer of the
 * public pages, where `useQuery` would weigh on the landing page's first load (its budget). Renders
 * nothing known on the server and during hydration, like a query not yet fetched.
 */
export function useCachedQuery<T, K extends QueryKey>(
  options: EnsureQueryDataOptions<T, Error, T, K>,
): T | undefined {
  const client = useQueryClient();
  useEffect(() => {
    client.ensureQueryData(options).catch(() => undefined);
    // The options are rebuilt at each render; the key says which query they are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, JSON.stringify(options.queryKey)]);
  return useSyncExternalStore(
    (onChange) => client.getQueryCache().subscribe(onChange),
    () => client.getQueryData<T>(options.queryKey),
    () => undefined,
  );
}
