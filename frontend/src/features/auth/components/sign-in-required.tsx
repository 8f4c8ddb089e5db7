import { Link } from '@tanstack/react-router';
import { SIGNED_OUT_REDIRECT_DELAY_MS, useRedirectToSignIn } from '@/lib/use-redirect-to-sign-in';
import { buttonClasses } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { AuthCard, AuthShell } from './auth-shell';

/** A client-area page opened while signed out: "Accès restreint", then /auth after 1 s (spec §2.1). */
export function SignInRequired({ redirect }: { redirect: string }) {
  useRedirectToSignIn({
    redirect,
    title: 'Accès restreint',
    description: 'Connectez-vous pour accéder à votre espace client. Redirection en cours...',
    delayMs: SIGNED_OUT_REDIRECT_DELAY_MS,
  });
  return (
    <AuthShell>
      <title>Connexion requise · Coseso</title>
      <AuthCard>
        <div className="flex flex-col items-center gap-4 text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Connexion requise</h1>
          <Spinner label="Redirection vers la page de connexion..." />
          <Link to="/auth" search={{ redirect }} className={buttonClasses({ variant: 'outline' })}>
            Se connecter
          </Link>
        </div>
      </AuthCard>
    </AuthShell>
  );
}
