import { useEffect } from 'react';
import { isApiError } from '@/lib/api';
import { useForgetAdminSession } from '../api/admin-logout';

/** A back-office call answered 401: the token was revoked or expired, so the session is over here too. */
export function useForgetSessionOn401(...errors: unknown[]): void {
  const forget = useForgetAdminSession();
  const unauthorized = errors.some((error) => isApiError(error) && error.status === 401);
  useEffect(() => {
    if (unauthorized) forget();
  }, [unauthorized, forget]);
}
