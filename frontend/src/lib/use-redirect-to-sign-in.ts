import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { showErrorToast } from '@/ui/toaster';

export const SIGN_IN_REDIRECT_DELAY_MS = 500;

/**
 * Spec §8: a signed-out visitor of the client area is told, then sent to /auth after 500 ms, with
 * the page to come back to once signed in.
 */
export function useRedirectToSignIn({ redirect, title }: { redirect: string; title: string }): void {
  const navigate = useNavigate();
  useEffect(() => {
    showErrorToast(title, 'Vous devez être connecté. Redirection en cours...');
    const timer = window.setTimeout(() => {
      void navigate({ to: '/auth', search: { redirect }, replace: true });
    }, SIGN_IN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, redirect, title]);
}
