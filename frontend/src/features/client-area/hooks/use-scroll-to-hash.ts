import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/**
 * Brings the element named by the URL's hash (e.g. "#order-…" in our emails) into view and focus,
 * once `ready`: the router scrolls on navigation, before the orders it points to have loaded.
 */
export function useScrollToHash(ready: boolean): void {
  const hash = useLocation({ select: (location) => location.hash });
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !hash || done.current === hash) return;
    const target = document.getElementById(hash);
    if (!target) return;
    done.current = hash;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [ready, hash]);
}
