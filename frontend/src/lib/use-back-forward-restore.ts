import { useEffect } from 'react';

/**
 * Calls `restored` when the browser shows this page again from its back/forward cache (the
 * visitor came back from the payment page): the state kept there says "on the way", which it no
 * longer is.
 */
export function useOnBackForwardRestore(restored: () => void): void {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) restored();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [restored]);
}
