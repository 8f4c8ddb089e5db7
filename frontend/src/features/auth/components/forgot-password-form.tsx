import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { serverMessageOr, showServerFieldErrors } from '@/lib/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/ui/button';
import { Field } from '@/ui/field';
import { EmailInput } from '@/ui/input';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useRequestPasswordReset } from '../api/forgot-password';
import { type ForgotPasswordValues, forgotPasswordSchema } from '../utils/auth-schemas';

interface ForgotPasswordFormProps {
  defaultEmail: string;
  onBackToLogin: (email: string) => void;
}

export function ForgotPasswordForm({ defaultEmail, onBackToLogin }: ForgotPasswordFormProps) {
  const reset = useRequestPasswordReset();
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
            Consultez la boîte de réception de <strong className="wrap-anywhere">{sentTo}</strong>. Le lien
            reçu est valable 1 heure ; pensez à vérifier vos courriers indésirables.
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" pending={reset.isPending} pendingLabel="Envoi...">
        Envoyer le nouveau mot de passe
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
