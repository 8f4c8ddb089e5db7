import { useForm } from 'react-hook-form';
import { serverMessageOr, showServerFieldErrors } from '@/lib/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/ui/button';
import { Field } from '@/ui/field';
import { EmailInput } from '@/ui/input';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useSendTestEmail } from '../api/send-test-email';
import { useForgetSessionOn401 } from '@/lib/admin-session/use-admin-session';
import { type TestEmailValues, testEmailSchema } from '../utils/admin-schemas';
import { SectionCard } from '@/ui/section-card';

export const SAMPLE_RECIPIENT = 'test@exemple.fr';

export function TestEmailSection() {
  const send = useSendTestEmail();
  useForgetSessionOn401(send.error);
  const form = useForm<TestEmailValues, unknown, TestEmailValues>({
    defaultValues: { email: SAMPLE_RECIPIENT },
    resolver: zodResolver(testEmailSchema),
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ email }) => {
    if (send.isPending) return;
    send.mutate(email, {
      onSuccess: ({ success, message }) =>
        success
          ? showSuccessToast('Email de test envoyé', message)
          : showErrorToast('Erreur envoi email', message),
      onError: (error) => {
        if (showServerFieldErrors(form, error, ['email'])) return;
        showErrorToast('Erreur envoi email', serverMessageOr(error, "Impossible d'envoyer l'email de test."));
      },
    });
  });

  return (
    <SectionCard
      id="email-de-test"
      title="Envoyer un email de test"
      description="Un court message qui vérifie que l'envoi fonctionne."
    >
      <form
        noValidate
        aria-label="Envoyer un email de test"
        className="flex flex-col gap-4 sm:flex-row sm:items-start"
        onSubmit={submit}
      >
        <Field label="Adresse du destinataire" error={errors.email?.message} className="flex-1">
          {(control) => <EmailInput {...control} {...form.register('email')} autoComplete="off" />}
        </Field>
        <Button type="submit" className="sm:mt-7" pending={send.isPending} pendingLabel="Envoi...">
          Envoyer un email de test
        </Button>
      </form>
    </SectionCard>
  );
}
