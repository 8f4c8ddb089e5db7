import { dnsNameServers } from '@coseso/domain/orders/wizard';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { HOSTING_INCLUDES } from '@coseso/domain/pricing/pricing-grid';
import { gridAdditionsOfVersionTwo } from '@coseso/event-schemas/catalogue/grid-additions';
import { type ChangeEvent } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { catalogueQueryOptions } from '@/lib/catalogue';
import { useCachedQuery } from '@/lib/use-cached-query';
import { ChoiceGroup } from '@/ui/choice-group';
import { Field } from '@/ui/field';
import { Input } from '@/ui/input';
import { RadioCard } from '@/ui/radio-card';
import { Switch } from '@/ui/switch';
import { dnsTypeLabels, hostingExtraLabels, hostingTypeLabels } from '../../utils/wizard-labels';
import { type WizardValues } from '../../utils/wizard-values';
import { DomainSearch } from '../domain-search';

export function HostingStep() {
  const { register, setValue } = useFormContext<WizardValues>();
  const { errors } = useFormState<WizardValues>();
  const dnsType = useWatch<WizardValues, 'hostingOptions.dnsType'>({ name: 'hostingOptions.dnsType' });
  // The catalogue version in force (the first one's until it is loaded).
  const catalogue = useCachedQuery(catalogueQueryOptions());
  const externalHostFrom = (catalogue?.grid ?? gridAdditionsOfVersionTwo).externalHostFromMonthlyHT;
  const hostingIncludes = catalogue?.grid.hostingIncludes ?? HOSTING_INCLUDES;
  const hostingTypeField = register('hostingOptions.hostingType', {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (event.target.value !== 'autonomous') return;
      // Spec §4: autonomous hosting is paid yearly (and has none of the hosting's inclusions).
      setValue('billingPeriod', 'yearly', { shouldDirty: true });
    },
  });

  return (
    <div className="flex flex-col gap-10">
      <ChoiceGroup role="radiogroup" legend="Hébergement" choicesClassName="sm:grid-cols-2">
        <RadioCard
          {...hostingTypeField}
          value="included"
          label={hostingTypeLabels.included}
          aside="Inclus"
          description={
            <span className="flex flex-col gap-1.5">
              <span>Nous hébergeons et entretenons votre site.</span>
              <span className="flex flex-wrap gap-1.5">
                {hostingIncludes.map((feature) => (
                  <span
                    key={feature}
                    className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200"
                  >
                    {feature}
                  </span>
                ))}
              </span>
            </span>
          }
        />
        <RadioCard
          {...hostingTypeField}
          value="autonomous"
          label={hostingTypeLabels.autonomous}
          aside="Gratuit"
          description={`Vous recevez uniquement les fichiers sources et hébergez le site vous-même. Hébergeur externe recommandé à partir de ${formatEuros(externalHostFrom, { decimals: 'auto' })} par mois. Paiement annuel uniquement.`}
        />
      </ChoiceGroup>

      <ChoiceGroup role="radiogroup" legend="Nom de domaine" choicesClassName="sm:grid-cols-2">
        <RadioCard {...register('hostingOptions.dnsType')} value="new" label={dnsTypeLabels.new} />
        <RadioCard {...register('hostingOptions.dnsType')} value="existing" label={dnsTypeLabels.existing} />
      </ChoiceGroup>

      {dnsType === 'existing' ? (
        <div className="flex flex-col gap-4">
          <Field
            label="Nom de domaine actuel"
            required
            error={errors.hostingOptions?.existingDomain?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...register('hostingOptions.existingDomain')}
                placeholder="monentreprise.fr"
                autoComplete="off"
                spellCheck={false}
                maxLength={253}
              />
            )}
          </Field>
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <p className="text-sm font-medium text-slate-800">
              Chez votre registraire, remplacez les serveurs de noms (DNS) de votre domaine par :
            </p>
            <ul className="mt-2 flex flex-col gap-1 font-mono text-sm text-slate-900">
              {dnsNameServers.map((server) => (
                <li key={server}>{server}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : (
        <DomainSearch />
      )}

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-base font-semibold text-slate-900">Services</legend>
        <Switch
          {...register('hostingOptions.customEmails')}
          label={hostingExtraLabels.customEmails}
          description="Des adresses à votre nom de domaine, par exemple contact@monentreprise.fr."
        />
        <Switch
          {...register('hostingOptions.backupMonthly')}
          label={hostingExtraLabels.backupMonthly}
          description="Une copie complète de votre site chaque mois."
        />
      </fieldset>
    </div>
  );
}
