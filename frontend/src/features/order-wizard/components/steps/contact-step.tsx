import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Field } from '@/ui/field';
import { EmailInput, Input } from '@/ui/input';
import { Textarea } from '@/ui/textarea';
import { useEmailCheck } from '../../hooks/use-email-check';
import { type WizardValues } from '../../utils/wizard-values';
import { RequiredNote } from './required-note';

export function ContactStep({ orderId }: { orderId: string }) {
  const { register } = useFormContext<WizardValues>();
  const { errors } = useFormState<WizardValues>();
  const email = useWatch<WizardValues, 'contactEmail'>({ name: 'contactEmail' });
  const emailWarning = useEmailCheck(email);

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <RequiredNote />
      </div>
      <Field label="Prénom" required error={errors.contactFirstName?.message}>
        {(control) => (
          <Input {...control} {...register('contactFirstName')} autoComplete="given-name" maxLength={100} />
        )}
      </Field>
      <Field label="Nom" required error={errors.contactLastName?.message}>
        {(control) => (
          <Input {...control} {...register('contactLastName')} autoComplete="family-name" maxLength={100} />
        )}
      </Field>
      <Field label="Fonction" error={errors.contactPosition?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('contactPosition')}
            autoComplete="organization-title"
            placeholder="Ex. : gérant, responsable marketing…"
            maxLength={100}
          />
        )}
      </Field>
      <Field label="Téléphone" error={errors.contactPhone?.message}>
        {(control) => (
          <Input {...control} {...register('contactPhone')} type="tel" autoComplete="tel" maxLength={40} />
        )}
      </Field>
      <Field
        label="Email"
        required
        className="sm:col-span-2"
        description="Vos accès à l'espace client seront envoyés à cette adresse."
        error={errors.contactEmail?.message}
        status={
          emailWarning && (
            <p className="text-sm font-medium text-amber-800">
              {emailWarning}.{' '}
              <a
                href={`/auth?redirect=${encodeURIComponent(`/order-form/${orderId}`)}`}
                className="rounded font-semibold text-primary-700 underline underline-offset-2 hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-primary-500"
              >
                Se connecter
              </a>
            </p>
          )
        }
      >
        {(control) => <EmailInput {...control} {...register('contactEmail')} autoComplete="email" />}
      </Field>
      <Field
        label="Réseaux sociaux"
        className="sm:col-span-2"
        description="Facultatif : les liens de vos pages (Facebook, Instagram, LinkedIn…), un par ligne."
        error={errors.socialMedia?.message}
      >
        {(control) => <Textarea {...control} {...register('socialMedia')} rows={3} maxLength={1000} />}
      </Field>
    </div>
  );
}
