import { clientFormRules } from '@coseso/domain/clients/client-form-rules';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '@/lib/api';
import { serverMessageOr, showServerFieldErrors } from '@/lib/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, buttonClasses } from '@/ui/button';
import { Field } from '@/ui/field';
import { PasswordInput } from '@/ui/password-input';
import { Spinner } from '@/ui/spinner';
import { textLinkClasses } from '@/ui/text-link';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useSetPassword } from '../api/set-password';
import { setPasswordLinkQueryOptions } from '../api/set-password-link';
import { type AccountRealm } from '../utils/account-realm';
import { type SetPasswordValues, adminSetPasswordSchema, setPasswordSchema } from '../utils/auth-schemas';
import { signInDestination } from '../utils/safe-redirect';
import { AuthCard, AuthShell } from './auth-shell';

// The server's own words for a used, expired or unknown link; also said for a link missing its token.
const INVALID_LINK_MESSAGE =
  'Ce lien n’est plus valide. Demandez un nouveau lien depuis « Mot de passe oublié ».';

// What differs between the client area's link and the back-office's: words, rules and where it leads.
const realms = {
  client: {
    title: 'Choisir mon mot de passe · Coseso',
    heading: 'Choisissez votre mot de passe',
    intro: 'Vous vous connecterez à votre espace client avec votre adresse email et ce mot de passe.',
    schema: setPasswordSchema,
    minLength: clientFormRules.newPassword.minLength,
    welcome: 'Bienvenue dans votre espace client',
    forgot: { to: '/auth', search: { mode: 'forgot' } },
    login: { to: '/auth', search: {} },
  },
  admin: {
    title: 'Nouveau mot de passe · Back-office Coseso',
    heading: 'Choisissez un nouveau mot de passe',
    intro:
      'Pour le back-office. Vos sessions ouvertes ailleurs sont fermées et vos autres liens ne servent plus ; votre compte est débloqué.',
    schema: adminSetPasswordSchema,
    minLength: clientFormRules.adminNewPassword.minLength,
    welcome: 'Vous êtes connecté au back-office.',
    forgot: { to: '/admin/forgot-password', search: {} },
    login: { to: '/admin', search: {} },
  },
} as const satisfies Record<AccountRealm, unknown>;

interface SetPasswordPageProps {
  /** Undefined when the link has none, or not one of ours. */
  token: string | undefined;
  order: string | undefined;
}

/** The client area's page of an emailed link (/auth/set-password). */
export function SetPasswordPage(props: SetPasswordPageProps) {
  return (
    <AuthShell>
      <SetPasswordContent realm="client" {...props} />
    </AuthShell>
  );
}

/** An emailed link's page inside a shell: the client area's, or the back-office's (/admin/set-password). */
export function SetPasswordContent({ token, order, realm }: SetPasswordPageProps & { realm: AccountRealm }) {
  const [invalidMessage, setInvalidMessage] = useState(token ? null : INVALID_LINK_MESSAGE);
  return (
    <>
      <title>{realms[realm].title}</title>
      {token && invalidMessage === null ? (
        <CheckedLink token={token} order={order} realm={realm} onInvalidLink={setInvalidMessage} />
      ) : (
        <InvalidLink realm={realm} message={invalidMessage ?? INVALID_LINK_MESSAGE} />
      )}
    </>
  );
}

/**
 * The link is checked on load, so that a used or expired one says so before a password is typed.
 * When the check itself fails (network), the form is shown: submitting it tells the truth anyway.
 */
function CheckedLink(props: SetPasswordFormProps) {
  const link = useQuery({ ...setPasswordLinkQueryOptions(props.token, props.realm), retry: false });
  const { onInvalidLink } = props;
  const invalid =
    isApiError(link.error) && link.error.code === ErrorCode.AUTH_INVALID_TOKEN ? link.error : null;
  useEffect(() => {
    if (invalid) onInvalidLink(invalid.serverMessage ?? INVALID_LINK_MESSAGE);
  }, [invalid, onInvalidLink]);
  if (link.isPending || invalid) return <Spinner label="Vérification du lien..." className="py-10" />;
  return <SetPasswordForm {...props} />;
}

interface SetPasswordFormProps {
  token: string;
  order: string | undefined;
  realm: AccountRealm;
  onInvalidLink: (message: string) => void;
}

function SetPasswordForm({ token, order, realm, onInvalidLink }: SetPasswordFormProps) {
  const navigate = useNavigate();
  const setPassword = useSetPassword(realm);
  const texts = realms[realm];
  const form = useForm<SetPasswordValues, unknown, SetPasswordValues>({
    defaultValues: { password: '', confirmation: '' },
    resolver: zodResolver(texts.schema),
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ password }) => {
    if (setPassword.isPending) return;
    setPassword.mutate(
      { token, password },
      {
        onSuccess: () => {
          showSuccessToast('Mot de passe enregistré', texts.welcome);
          if (realm === 'admin') void navigate({ to: '/admin', replace: true });
          else void navigate({ href: signInDestination(undefined, order), replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === ErrorCode.AUTH_INVALID_TOKEN) {
            onInvalidLink(error.serverMessage ?? INVALID_LINK_MESSAGE);
            return;
          }
          if (showServerFieldErrors(form, error, ['password'])) return;
          showErrorToast('Erreur', serverMessageOr(error, 'Une erreur est survenue. Veuillez réessayer.'));
        },
      },
    );
  });

  return (
    <>
      <div className="flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{texts.heading}</h1>
        <p className="text-slate-600">{texts.intro}</p>
      </div>
      <AuthCard>
        <form
          noValidate
          aria-label="Choisir mon mot de passe"
          className="flex flex-col gap-5"
          onSubmit={submit}
        >
          <Field
            label="Nouveau mot de passe"
            description={`Au moins ${texts.minLength} caractères.`}
            error={errors.password?.message}
          >
            {(control) => (
              <PasswordInput
                {...control}
                {...form.register('password', {
                  // A confirmation already typed is checked again when the password changes.
                  onChange: () => {
                    if (form.formState.touchedFields.confirmation) void form.trigger('confirmation');
                  },
                })}
                autoComplete="new-password"
                maxLength={200}
              />
            )}
          </Field>
          <Field label="Confirmer le mot de passe" error={errors.confirmation?.message}>
            {(control) => (
              <PasswordInput
                {...control}
                {...form.register('confirmation')}
                autoComplete="new-password"
                maxLength={200}
              />
            )}
          </Field>
          <Button
            type="submit"
            className="w-full"
            pending={setPassword.isPending}
            pendingLabel="Enregistrement..."
          >
            Enregistrer mon mot de passe
          </Button>
        </form>
      </AuthCard>
    </>
  );
}

function InvalidLink({ realm, message }: { realm: AccountRealm; message: string }) {
  const { forgot, login } = realms[realm];
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <AuthCard>
      <div className="flex flex-col gap-3 text-center">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none"
        >
          Lien invalide ou expiré
        </h1>
        <p role="alert" className="text-slate-700">
          {message}
        </p>
      </div>
      <div className="flex flex-col items-center gap-4">
        <Link to={forgot.to} search={forgot.search} className={buttonClasses({ className: 'w-full' })}>
          Demander un nouveau lien
        </Link>
        <Link to={login.to} search={login.search} className={textLinkClasses}>
          Retour à la connexion
        </Link>
      </div>
    </AuthCard>
  );
}
