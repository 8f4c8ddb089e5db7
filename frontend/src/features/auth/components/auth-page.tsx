import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { type CurrentUser, displayName } from '@/lib/auth';
import { buttonClasses } from '@/ui/button';
import { textLinkClasses } from '@/ui/text-link';
import { showSuccessToast } from '@/ui/toaster';
import { signInDestination } from '../utils/safe-redirect';
import { AuthCard, AuthShell } from './auth-shell';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';

export type AuthMode = 'login' | 'forgot';

interface AuthPageProps {
  mode: AuthMode;
  redirect: string | undefined;
  order: string | undefined;
  /** Undefined while unknown: the page works without it. */
  currentUser: CurrentUser | null | undefined;
}

export function AuthPage({ mode, redirect, order, currentUser }: AuthPageProps) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const destination = signInDestination(redirect, order);

  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownMode = useRef(mode);
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    titleRef.current?.focus();
  }, [mode]);

  const switchTo = (next: AuthMode, typedEmail: string) => {
    setEmail(typedEmail);
    void navigate({
      to: '/auth',
      search: (previous) => ({ ...previous, mode: next === 'forgot' ? 'forgot' : undefined }),
    });
  };

  const onSignedIn = () => {
    showSuccessToast(
      'Connexion réussie',
      order ? 'Accès à votre commande en cours...' : 'Bienvenue dans votre espace client',
    );
    void navigate({ href: destination, replace: true });
  };

  return (
    <AuthShell>
      <title>{mode === 'forgot' ? 'Mot de passe oublié · Coseso' : 'Espace Client · Coseso'}</title>
      <div className="flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Espace Client</h1>
        <p className="text-slate-600">Suivez vos commandes et l'avancement de votre site.</p>
      </div>

      {currentUser && (
        <div className="flex flex-col gap-3 rounded-2xl border border-primary-200 bg-primary-50 p-5 text-sm text-primary-900">
          <p>
            Vous êtes déjà connecté en tant que{' '}
            <strong className="wrap-anywhere">{displayName(currentUser)}</strong>.
          </p>
          <Link
            to="/dashboard"
            hash={order ? `order-${order}` : undefined}
            className={buttonClasses({ size: 'sm', className: 'self-start' })}
          >
            Accéder à mon espace client
          </Link>
        </div>
      )}

      <AuthCard>
        <div className="flex flex-col gap-1">
          <h2
            id="auth-form-title"
            ref={titleRef}
            tabIndex={-1}
            className="text-xl font-semibold text-slate-900 focus:outline-none"
          >
            {mode === 'forgot' ? 'Mot de passe oublié' : 'Connexion'}
          </h2>
          <p className="text-sm text-slate-600">
            {mode === 'forgot'
              ? "Indiquez l'adresse email de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe."
              : "Connectez-vous avec l'adresse email de votre commande."}
          </p>
          {mode === 'login' && (
            <p className="text-sm text-slate-600" data-testid="no-password-yet">
              Pas encore de mot de passe ? Choisissez-le avec le lien de l’email « Bienvenue chez Coseso », ou
              recevez-en un nouveau avec « Mot de passe oublié ? ».
            </p>
          )}
        </div>
        {mode === 'forgot' ? (
          <ForgotPasswordForm defaultEmail={email} onBackToLogin={(typed) => switchTo('login', typed)} />
        ) : (
          <LoginForm
            defaultEmail={email}
            onSignedIn={onSignedIn}
            onForgotPassword={(typed) => switchTo('forgot', typed)}
          />
        )}
      </AuthCard>

      <section aria-labelledby="sans-compte" className="flex flex-col gap-2 px-1 text-sm text-slate-600">
        <h2 id="sans-compte" className="font-semibold text-slate-900">
          Pas encore de compte ?
        </h2>
        <p>
          Votre espace client est créé lorsque vous passez commande : après votre premier paiement, vous
          recevez vos identifiants par email, avec un lien pour choisir votre mot de passe.
        </p>
        <p>
          <Link to="/" className={textLinkClasses}>
            Retour à l'accueil
          </Link>
        </p>
      </section>
    </AuthShell>
  );
}
