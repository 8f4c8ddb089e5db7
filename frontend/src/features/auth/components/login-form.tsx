import { useForm } from 'react-hook-form';
import { isApiError } from '@/lib/api';
import { type CurrentUser } from '@/lib/auth';
import { serverMessageOr, showServerFieldErrors } from '@/lib/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/ui/button';
import { Field } from '@/ui/field';
import { EmailInput } from '@/ui/input';
import { PasswordInput } from '@/ui/password-input';
import { showErrorToast } from '@/ui/toaster';
import { useLogin } from '../api/login';
import { type LoginValues, loginSchema } from '../utils/auth-schemas';

interface LoginFormProps {
  defaultEmail: string;
  onSignedIn: (user: CurrentUser) => void;
  /** Receives what is typed in the email field, to carry it over. */
  onForgotPassword: (email: string) => void;
}

export function LoginForm({ defaultEmail, onSignedIn, onForgotPassword }: LoginFormProps) {
  const login = useLogin();
  const form = useForm<LoginValues, unknown, LoginValues>({
    defaultValues: { email: defaultEmail, password: '' },
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    if (login.isPending) return;
    login.mutate(values, {
      onSuccess: ({ user }) => onSignedIn(user),
      onError: (error) => {
        if (showServerFieldErrors(form, error, ['email', 'password'])) return;
        showErrorToast(
          'Erreur de connexion',
          serverMessageOr(error, 'Impossible de joindre le serveur. Veuillez réessayer.'),
        );
        if (isApiError(error) && error.status === 401) form.setFocus('password', { shouldSelect: true });
      },
    });
  });

  return (
    <form noValidate aria-labelledby="auth-form-title" className="flex flex-col gap-5" onSubmit={submit}>
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
        <button
          type="button"
          onClick={() => onForgotPassword(form.getValues('email'))}
          className="self-end rounded text-sm font-medium text-primary-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
        >
          Mot de passe oublié ?
        </button>
      </div>
      <Button type="submit" className="w-full" pending={login.isPending} pendingLabel="Connexion...">
        Se connecter
      </Button>
    </form>
  );
}
