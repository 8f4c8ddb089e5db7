import { creationOptionLabels } from '@coseso/domain/orders/wizard';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { gridAdditionsOfVersionTwo } from '@coseso/event-schemas/catalogue/grid-additions';
import { cheapestMonthlyHT } from '@coseso/domain/pricing/pricing-plans';
import { useFormContext, useFormState } from 'react-hook-form';
import { catalogueQueryOptions, priceGridOf } from '@/lib/catalogue';
import { useCachedQuery } from '@/lib/use-cached-query';
import { ChoiceGroup } from '@/ui/choice-group';
import { RadioCard } from '@/ui/radio-card';
import { type WizardValues } from '../../utils/wizard-values';

const fromPrice = (cents: number) => `à partir de ${formatEuros(cents, { decimals: 'auto' })} HT/mois`;

export function CreationStep() {
  const { register } = useFormContext<WizardValues>();
  const { errors } = useFormState<WizardValues>();
  const { wordpress, ai } = creationOptionLabels;
  // « À partir de » the cheapest monthly plan of the catalogue version in force (the first one's until it is loaded).
  const catalogue = useCachedQuery(catalogueQueryOptions());
  return (
    <ChoiceGroup
      role="radiogroup"
      legend="Comment votre site est-il créé ?"
      hideLegend
      error={errors.creationOption?.message}
      choicesClassName="sm:grid-cols-2"
    >
      <RadioCard
        {...register('creationOption')}
        value="wordpress"
        label={wordpress.name}
        description={`${wordpress.description}, fait maison.`}
        aside={fromPrice(catalogue ? cheapestMonthlyHT(priceGridOf(catalogue)) : wordpress.fromMonthlyHT)}
        media={<CreationIllustration kind="wordpress" />}
      />
      <RadioCard
        {...register('creationOption')}
        value="ai"
        disabled={!ai.available}
        label={ai.name}
        description={ai.description}
        aside={fromPrice((catalogue?.grid ?? gridAdditionsOfVersionTwo).expressCreationFromMonthlyHT)}
        media={<CreationIllustration kind="ai" />}
        footer={
          !ai.available && (
            <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">
              Bientôt disponible
            </span>
          )
        }
      />
    </ChoiceGroup>
  );
}

function CreationIllustration({ kind }: { kind: 'wordpress' | 'ai' }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-11 place-items-center rounded-xl bg-primary-100 text-primary-700 group-has-disabled:bg-slate-100 group-has-disabled:text-slate-400"
    >
      {kind === 'wordpress' ? (
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6">
          <path d="M4 20h4L19 9l-4-4L4 16v4Z" strokeLinejoin="round" />
          <path d="m13.5 6.5 4 4" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6">
          <path
            d="M12 3v3M12 18v3M3 12h3M18 12h3M6 6l2 2M16 16l2 2M6 18l2-2M16 8l2-2"
            strokeLinecap="round"
          />
          <circle cx="12" cy="12" r="3" />
        </svg>
      )}
    </span>
  );
}
