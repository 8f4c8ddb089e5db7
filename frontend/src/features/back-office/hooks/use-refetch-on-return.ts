import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Refetches these queries when the tab becomes visible again or the window regains focus (spec
 * §2.3); both often fire together, and the second joins the first's request.
 */
export function useRefetchOnReturn(queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  const keys = JSON.stringify(queryKeys);
  useEffect(() => {
    const parsed = JSON.parse(keys) as QueryKey[];
    const refetch = () => {
      if (document.visibilityState !== 'visible') return;
      for (const queryKey of parsed)
        void queryClient.refetchQueries({ queryKey, type: 'active' }, { cancelRefetch: false });
    };
    window.addEventListener('focus', refetch);
    document.addEventListener('visibilitychange', refetch);
    return () => {
      window.removeEventListener('focus', refetch);
      document.removeEventListener('visibilitychange', refetch);
    };
  }, [queryClient, keys]);
}
