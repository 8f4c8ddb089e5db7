import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { showErrorToast } from '@/ui/toaster';

export const SIGN_IN_REDIRECT_DELAY_MS = 500;
export const SIGNED_OUT_REDIRECT_DELAY_MS = 1_000;

interface RedirectToSignIn {
  redirect: string;
  title: string;
  description?: string;
  delayMs?: number;
}

/**
 * Spec §2.1 and §8: a client whose session ended is told, then sent to /auth after 500 ms (a
 * visitor who never signed in, after 1 s), with the page to come back to once signed in.
 */
export function useRedirectToSignIn({
  redirect,
  title,
  description = 'Vous devez être connecté. Redirection en cours...',
  delayMs = SIGN_IN_REDIRECT_DELAY_MS,
}: RedirectToSignIn): void {
  const navigate = useNavigate();
  useEffect(() => {
    showErrorToast(title, description);
    const timer = window.setTimeout(() => {
      void navigate({ to: '/auth', search: { redirect }, replace: true });
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [navigate, redirect, title, description, delayMs]);
}
