import { additionalOptionKeys } from '@coseso/event-schemas/order/order-values';
import {
  additionalOptionDetails,
  freeOptionLabels,
  templateFreeOptions,
  templateLabels,
} from '@coseso/domain/orders/wizard';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { FIRST_PRICE_GRID, type PriceGrid } from '@coseso/domain/pricing/pricing-grid';
import { gridAdditionsOfVersionTwo } from '@coseso/event-schemas/catalogue/grid-additions';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { catalogueQueryOptions, priceGridOf } from '@/lib/catalogue';
import { useCachedQuery } from '@/lib/use-cached-query';
import { Checkbox } from '@/ui/checkbox';
import { ChoiceGroup } from '@/ui/choice-group';
import { showErrorToast } from '@/ui/toaster';
import { type WizardValues } from '../../utils/wizard-values';

const periodTexts: Record<PriceGrid['options'][keyof PriceGrid['options']]['period'], string> = {
  yearly: '/an',
  monthly: '/mois',
  once: ', une fois',
};
const optionPrice = (cents: number, period: keyof typeof periodTexts) =>
  `+${formatEuros(cents, { decimals: 'auto' })} HT${periodTexts[period]}`;

export function OptionsStep() {
  const { register } = useFormContext<WizardValues>();
  const { errors } = useFormState<WizardValues>();
  const template = useWatch<WizardValues, 'selectedTemplate'>({ name: 'selectedTemplate' });
  // At the catalogue version in force, as the recap prices (the first version's until it is loaded).
  const catalogue = useCachedQuery(catalogueQueryOptions());
  const grid = catalogue ? priceGridOf(catalogue) : FIRST_PRICE_GRID;
  const accountManager = catalogue?.grid.accountManager ?? gridAdditionsOfVersionTwo.accountManager;

  return (
    <div className="flex flex-col gap-10">
      <ChoiceGroup
        role="group"
        legend={
          template ? `Inclus dans votre site ${templateLabels[template].name}` : 'Fonctionnalités incluses'
        }
        description="Sans supplément. Décochez ce dont vous n'avez pas besoin."
        choicesClassName="sm:grid-cols-2"
      >
        {template ? (
          templateFreeOptions[template].map((option) => (
            <Checkbox
              key={option}
              card
              {...register(`freeOptions.${option}`)}
              label={freeOptionLabels[option]}
              aside="Inclus"
            />
          ))
        ) : (
          <p className="text-sm text-slate-600">Choisissez d'abord un type de site à l'étape 4.</p>
        )}
      </ChoiceGroup>

      <ChoiceGroup
        role="group"
        legend="Options payantes"
        description="Prix hors taxes : par an, ou une fois pour la formation."
        choicesClassName="sm:grid-cols-2"
      >
        {additionalOptionKeys.map((option) => {
          const { label, priceHT, period, onlyForTemplate } = grid.options[option];
          const unavailable = onlyForTemplate !== undefined && template !== onlyForTemplate;
          const field = register(`additionalOptions.${option}`);
          return (
            <Checkbox
              key={option}
              card
              {...field}
              label={label}
              aside={optionPrice(priceHT, period)}
              description={additionalOptionDetails[option]}
              error={errors.additionalOptions?.[option]?.message}
              muted={unavailable}
              onChange={(event) => {
                // Left operable so that the visitor learns why (spec §5); preventing the click unticks the box.
                if (unavailable && event.target.checked) {
                  event.preventDefault();
                  showErrorToast('Option réservée aux sites e-commerce');
                  return;
                }
                return field.onChange(event);
              }}
            />
          );
        })}
      </ChoiceGroup>

      <section
        aria-labelledby="account-manager-title"
        className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-slate-50 p-4"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 id="account-manager-title" className="font-medium text-slate-900">
            {accountManager.label}
          </h3>
          <p className="text-sm font-semibold whitespace-nowrap text-slate-700">
            {optionPrice(accountManager.yearlyPriceHT, 'yearly')}
          </p>
        </div>
        <p className="text-sm text-slate-600">
          Un interlocuteur unique pour votre projet. À titre d'information : sur demande auprès de notre
          équipe.
        </p>
      </section>
    </div>
  );
}
