import { type AssetOption } from '@coseso/event-schemas/order/order-values';
import { assetOptionLabels } from '@coseso/domain/orders/wizard';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { FIRST_PRICE_GRID, type PriceGrid } from '@coseso/domain/pricing/pricing-grid';
import { useController } from 'react-hook-form';
import { catalogueQueryOptions, priceGridOf } from '@/lib/catalogue';
import { useCachedQuery } from '@/lib/use-cached-query';
import { ChoiceGroup } from '@/ui/choice-group';
import { RadioCard } from '@/ui/radio-card';
import { type WizardValues } from '../../utils/wizard-values';

const solutions = ['ai', 'professional', 'self_managed'] as const satisfies readonly AssetOption[];

const priceLabel = (option: AssetOption, prices: PriceGrid['logoContentPricesHT']) => {
  const price = option === 'ai' || option === 'professional' ? prices[option] : 0;
  return price === 0 ? 'Gratuit' : `+${formatEuros(price, { decimals: 'auto' })} HT`;
};

const texts = {
  logo: {
    legend: 'Logo',
    solutionsLegend: 'Quelle solution pour votre logo ?',
    solutionsDescription: 'Vous pourrez envoyer votre logo depuis votre espace client après la commande.',
  },
  content: {
    legend: 'Contenu',
    solutionsLegend: 'Quelle solution pour vos textes ?',
    solutionsDescription:
      'Vous pourrez envoyer vos textes et images depuis votre espace client après la commande.',
  },
} as const;

export function LogoContentStep() {
  return (
    <div className="flex flex-col gap-10">
      <AssetChoice kind="logo" />
      <AssetChoice kind="content" />
    </div>
  );
}

/** "I have it" or "I don't"; the latter reveals the solutions, and a chosen solution replaces it. */
function AssetChoice({ kind }: { kind: 'logo' | 'content' }) {
  const {
    field: { value, onChange, onBlur, ref },
    fieldState,
  } = useController<WizardValues, 'logoOption' | 'contentOption'>({
    name: kind === 'logo' ? 'logoOption' : 'contentOption',
  });
  const labels = assetOptionLabels[kind];
  const hasIt = value === 'client';
  // At the catalogue version in force, as the recap prices (the first version's until it is loaded).
  const catalogue = useCachedQuery(catalogueQueryOptions());
  const prices = (catalogue ? priceGridOf(catalogue) : FIRST_PRICE_GRID).logoContentPricesHT;

  return (
    <div className="flex flex-col gap-4">
      <ChoiceGroup
        role="radiogroup"
        legend={texts[kind].legend}
        // Without one, the missing solution is said under the solutions, where it is chosen: said
        // here, it would push them down as the visitor reaches for one.
        error={hasIt ? fieldState.error?.message : undefined}
        description={hasIt ? texts[kind].solutionsDescription : undefined}
        choicesClassName="sm:grid-cols-2"
      >
        <RadioCard
          ref={ref}
          name={`${kind}-has`}
          value="client"
          checked={hasIt}
          onChange={() => onChange('client')}
          onBlur={onBlur}
          label={labels.client}
        />
        <RadioCard
          name={`${kind}-has`}
          value="dont_have"
          checked={!hasIt}
          onChange={() => onChange('dont_have')}
          onBlur={onBlur}
          label={labels.dont_have}
        />
      </ChoiceGroup>

      {!hasIt && (
        <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4">
          <ChoiceGroup
            role="radiogroup"
            legend={texts[kind].solutionsLegend}
            error={fieldState.error?.message}
            choicesClassName="sm:grid-cols-3"
          >
            {solutions.map((solution) => (
              <RadioCard
                key={solution}
                name={`${kind}-solution`}
                value={solution}
                checked={value === solution}
                onChange={() => onChange(solution)}
                onBlur={onBlur}
                label={labels[solution]}
                aside={priceLabel(solution, prices)}
              />
            ))}
          </ChoiceGroup>
        </div>
      )}
    </div>
  );
}
