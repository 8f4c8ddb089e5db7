import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '@/lib/api';
import { showServerFieldErrors } from '@/lib/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/ui/button';
import { Field } from '@/ui/field';
import { EmailInput } from '@/ui/input';
import { PasswordInput } from '@/ui/password-input';
import { textLinkClasses } from '@/ui/text-link';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useAdminLogin } from '@/lib/admin-session/use-admin-session';
import { type AdminLoginValues, adminLoginSchema } from '../utils/admin-schemas';
import { AdminShell } from './admin-shell';

export function AdminLoginPage() {
  const login = useAdminLogin();
  // The server's words when the account is locked (too many attempts): they say what to do, so they stay.
  const [lockedMessage, setLockedMessage] = useState<string | null>(null);
  const form = useForm<AdminLoginValues, unknown, AdminLoginValues>({
    defaultValues: { email: '', password: '' },
    resolver: zodResolver(adminLoginSchema),
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    if (login.isPending) return;
    setLockedMessage(null);
    // Through the promise: this form is replaced by the back-office as soon as the session is known.
    login.mutateAsync(values).then(
      () => showSuccessToast('Connexion réussie'),
      (error: unknown) => {
        if (showServerFieldErrors(form, error, ['email', 'password'])) return;
        if (!isApiError(error)) {
          showErrorToast('Erreur', 'Erreur de connexion au serveur');
          return;
        }
        if (error.code === ErrorCode.AUTH_TOO_MANY_ATTEMPTS) {
          setLockedMessage(error.serverMessage || 'Trop de tentatives de connexion à ce compte.');
          return;
        }
        showErrorToast('Erreur de connexion', error.serverMessage || 'Mot de passe incorrect');
        if (error.status === 401) form.setFocus('password', { shouldSelect: true });
      },
    );
  });

  return (
    <AdminShell>
      <title>Espace Admin · Coseso</title>
      <div className="mx-auto flex w-full max-w-md flex-col gap-6">
        <div className="flex flex-col gap-2 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Espace Admin</h1>
          <p className="text-slate-600">Connectez-vous avec votre compte du back-office.</p>
        </div>
        <form
          noValidate
          aria-label="Connexion au back-office"
          className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          onSubmit={submit}
        >
          <Field label="Email" error={errors.email?.message}>
            {(control) => <EmailInput {...control} {...form.register('email')} autoComplete="username" />}
          </Field>
          <div className="flex flex-col gap-2">
            <Field label="Mot de passe" error={errors.password?.message}>
              {(control) => (
                <PasswordInput
                  {...control}
                  {...form.register('password')}
                  autoComplete="current-password"
                  maxLength={200}
                />
              )}
            </Field>
            <Link to="/admin/forgot-password" className={`self-end text-sm ${textLinkClasses}`}>
              Mot de passe oublié ?
            </Link>
          </div>
          <div role="alert" className="empty:hidden">
            {lockedMessage && (
              <div className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
                <p className="font-semibold">Compte bloqué pour le moment</p>
                <p>{lockedMessage}</p>
                <p>
                  Un navigateur où vous vous êtes déjà connecté garde son propre accès : essayez depuis
                  celui-ci.
                </p>
              </div>
            )}
          </div>
          <Button type="submit" className="w-full" pending={login.isPending} pendingLabel="Connexion...">
            Se connecter
          </Button>
        </form>
      </div>
    </AdminShell>
  );
}
