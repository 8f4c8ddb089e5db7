import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useCallback, useEffect } from 'react';
import {
  type AdminLoginInput,
  type AdminSession,
  forgetAdminSession,
  isUnauthorized,
  signInAdmin,
  signOutAdmin,
} from './admin-session';

// The back-office session's React face: the signed-in user for the pages under a session gate, and
// the sign-in, sign-out and 401 hooks.

const AdminSessionContext = createContext<AdminSession | null>(null);

/** Set by the back-office's session gates (the /admin layout, /email-test) once someone is signed in. */
export function AdminSessionProvider({ session, children }: { session: AdminSession; children: ReactNode }) {
  return <AdminSessionContext value={session}>{children}</AdminSessionContext>;
}

/** The signed-in back-office user, for what only a gate's signed-in side renders. */
export function useAdminSession(): AdminSession {
  const session = use(AdminSessionContext);
  if (!session) throw new Error('useAdminSession is used outside a signed-in back-office page');
  return session;
}

/** The signed-in back-office user, or null where nobody is (the sign-in and restricted pages). */
export function useOptionalAdminSession(): AdminSession | null {
  return use(AdminSessionContext);
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: AdminLoginInput) => signInAdmin(queryClient, input) });
}

export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => signOutAdmin(queryClient) });
}

export function useForgetAdminSession() {
  const queryClient = useQueryClient();
  return useCallback(() => forgetAdminSession(queryClient), [queryClient]);
}

/** A back-office call answered 401: the token was revoked or expired, so the session is over here too. */
export function useForgetSessionOn401(...errors: unknown[]): void {
  const forget = useForgetAdminSession();
  const unauthorized = isUnauthorized(...errors);
  useEffect(() => {
    if (unauthorized) forget();
  }, [unauthorized, forget]);
}
