import { useEffect, useEffectEvent, useState } from 'react';

/** Seconds left before `onEnd` runs, one tick a second; stopping freezes it. */
export function useCountdown(seconds: number, onEnd: () => void) {
  const [left, setLeft] = useState(seconds);
  const [stopped, setStopped] = useState(false);
  const end = useEffectEvent(onEnd);

  useEffect(() => {
    if (stopped) return;
    if (left <= 0) {
      end();
      return;
    }
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1_000);
    return () => window.clearTimeout(timer);
  }, [left, stopped]);

  return { left, stopped, stop: () => setStopped(true) };
}
