import { useFormContext, useFormState } from 'react-hook-form';
import { Field } from '@/ui/field';
import { Input } from '@/ui/input';
import { Textarea } from '@/ui/textarea';
import { type WizardValues } from '../../utils/wizard-values';
import { RequiredNote } from './required-note';

export function CompanyStep() {
  const { register } = useFormContext<WizardValues>();
  const { errors } = useFormState<WizardValues>();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <RequiredNote />
      </div>
      <Field label="Nom de l'entreprise" required error={errors.companyName?.message}>
        {(control) => (
          <Input {...control} {...register('companyName')} autoComplete="organization" maxLength={200} />
        )}
      </Field>
      <Field label="Secteur d'activité" required error={errors.companySector?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('companySector')}
            placeholder="Ex. : boulangerie, cabinet de conseil…"
            maxLength={200}
          />
        )}
      </Field>
      <Field
        label="Adresse postale"
        required
        description="Numéro et rue, puis code postal et ville : elle figure sur vos factures"
        className="sm:col-span-2"
        error={errors.companyAddress?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            {...register('companyAddress')}
            rows={3}
            autoComplete="street-address"
            maxLength={1000}
          />
        )}
      </Field>
      <Field
        label="SIREN / SIRET"
        description="9 chiffres (SIREN) ou 14 chiffres (SIRET), facultatif"
        error={errors.companyId?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...register('companyId')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={30}
          />
        )}
      </Field>
    </div>
  );
}
