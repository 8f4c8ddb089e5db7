import { useEffect } from 'react';
import { isApiError } from '@/lib/api';

/** A call answered 401: the back-office session is over (the route says what to do about it). */
export function useOnUnauthorized(onUnauthorized: () => void, ...errors: unknown[]): void {
  const unauthorized = errors.some((error) => isApiError(error) && error.status === 401);
  useEffect(() => {
    if (unauthorized) onUnauthorized();
  }, [unauthorized, onUnauthorized]);
}
