import { QueryClient } from '@tanstack/react-query';

// The spec's defaults: no retries, results never stale, no refetch on focus, no polling unless a
// query asks for it.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
