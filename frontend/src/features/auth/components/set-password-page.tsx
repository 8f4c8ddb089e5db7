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
import { setPasswordLinkQueryOptions, useSetPassword } from '../api/set-password';
import { NEW_PASSWORD_MIN_LENGTH, type SetPasswordValues, setPasswordSchema } from '../utils/auth-schemas';
import { signInDestination } from '../utils/safe-redirect';
import { AuthCard, AuthShell } from './auth-shell';

// The server's own words for a used, expired or unknown link; also said for a link missing its token.
const INVALID_LINK_MESSAGE =
  'Ce lien n’est plus valide. Demandez un nouveau lien depuis « Mot de passe oublié ».';

interface SetPasswordPageProps {
  /** Undefined when the link has none, or not one of ours. */
  token: string | undefined;
  order: string | undefined;
}

export function SetPasswordPage({ token, order }: SetPasswordPageProps) {
  const [invalidMessage, setInvalidMessage] = useState(token ? null : INVALID_LINK_MESSAGE);
  return (
    <AuthShell>
      <title>Choisir mon mot de passe · Coseso</title>
      {token && invalidMessage === null ? (
        <CheckedLink token={token} order={order} onInvalidLink={setInvalidMessage} />
      ) : (
        <InvalidLink message={invalidMessage ?? INVALID_LINK_MESSAGE} />
      )}
    </AuthShell>
  );
}

/**
 * The link is checked on load, so that a used or expired one says so before a password is typed.
 * When the check itself fails (network), the form is shown: submitting it tells the truth anyway.
 */
function CheckedLink(props: SetPasswordFormProps) {
  const link = useQuery({ ...setPasswordLinkQueryOptions(props.token), retry: false });
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
  onInvalidLink: (message: string) => void;
}

function SetPasswordForm({ token, order, onInvalidLink }: SetPasswordFormProps) {
  const navigate = useNavigate();
  const setPassword = useSetPassword();
  const form = useForm<SetPasswordValues, unknown, SetPasswordValues>({
    defaultValues: { password: '', confirmation: '' },
    resolver: zodResolver(setPasswordSchema),
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ password }) => {
    if (setPassword.isPending) return;
    setPassword.mutate(
      { token, password },
      {
        onSuccess: () => {
          showSuccessToast('Mot de passe enregistré', 'Bienvenue dans votre espace client');
          void navigate({ href: signInDestination(undefined, order), replace: true });
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
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Choisissez votre mot de passe</h1>
        <p className="text-slate-600">
          Vous vous connecterez à votre espace client avec votre adresse email et ce mot de passe.
        </p>
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
            description={`Au moins ${NEW_PASSWORD_MIN_LENGTH} caractères.`}
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

function InvalidLink({ message }: { message: string }) {
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
        <Link to="/auth" search={{ mode: 'forgot' }} className={buttonClasses({ className: 'w-full' })}>
          Demander un nouveau lien
        </Link>
        <Link to="/auth" className={textLinkClasses}>
          Retour à la connexion
        </Link>
      </div>
    </AuthCard>
  );
}
