import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { serverMessageOr, showServerFieldErrors } from '@/lib/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/ui/button';
import { Field } from '@/ui/field';
import { EmailInput } from '@/ui/input';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useRequestPasswordReset } from '../api/forgot-password';
import { type AccountRealm } from '../utils/account-realm';
import { type ForgotPasswordValues, forgotPasswordSchema } from '../utils/auth-schemas';

interface ForgotPasswordFormProps {
  /** Whose account: the client area's (default) or the back-office's. */
  realm?: AccountRealm;
  defaultEmail: string;
  onBackToLogin: (email: string) => void;
}

/** « Mot de passe oublié ? » of the client area and of the back-office alike. */
export function ForgotPasswordForm({
  realm = 'client',
  defaultEmail,
  onBackToLogin,
}: ForgotPasswordFormProps) {
  const reset = useRequestPasswordReset(realm);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordValues, unknown, ForgotPasswordValues>({
    defaultValues: { email: defaultEmail },
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ email }) => {
    if (reset.isPending) return;
    reset.mutate(email, {
      onSuccess: ({ message }) => {
        setSentTo(email);
        showSuccessToast('Email envoyé', message);
      },
      onError: (error) => {
        if (showServerFieldErrors(form, error, ['email'])) return;
        showErrorToast('Erreur', serverMessageOr(error, 'Une erreur est survenue. Veuillez réessayer.'));
      },
    });
  });

  return (
    <form noValidate aria-labelledby="auth-form-title" className="flex flex-col gap-5" onSubmit={submit}>
      <Field label="Email" error={errors.email?.message}>
        {(control) => <EmailInput {...control} {...form.register('email')} autoComplete="email" />}
      </Field>
      <div role="status" className="empty:hidden">
        {sentTo && (
          <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            Si un compte existe pour <strong className="wrap-anywhere">{sentTo}</strong>, un lien vient d’y
            être envoyé. Il est valable 1 heure et ne sert qu’une fois ; pensez à vérifier vos courriers
            indésirables.
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" pending={reset.isPending} pendingLabel="Envoi...">
        Recevoir un lien par email
      </Button>
      <button
        type="button"
        onClick={() => onBackToLogin(form.getValues('email'))}
        className="self-center rounded text-sm font-medium text-primary-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
      >
        Retour à la connexion
      </button>
    </form>
  );
}
