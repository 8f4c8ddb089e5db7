import { freeOptionLabels, templateFreeOptions, templateLabels } from '@coseso/domain/orders/wizard';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { DEPOSIT_PERCENT, POPULAR_TEMPLATE, type TemplateKey } from '@coseso/domain/pricing/pricing-grid';
import { yearlyOffersAt } from '@coseso/domain/pricing/pricing-plans';
import { catalogueQueryOptions, priceGridOf } from '@/lib/catalogue';
import { useCachedQuery } from '@/lib/use-cached-query';
import { OfferCard } from './offer-card';

const euros = (cents: number) => formatEuros(cents, { decimals: 'auto' });

/** Each template on the wizard's yearly plan: the figures its recap and checkout will show. */
export function YearlyOffers({
  pendingOffer,
  onStart,
}: {
  pendingOffer: string | null;
  onStart: (template: TemplateKey) => void;
}) {
  // The prices and the features are the catalogue's (the version in force), the first version's until it is loaded.
  const catalogue = useCachedQuery(catalogueQueryOptions());
  const grid = catalogue ? priceGridOf(catalogue) : undefined;
  const depositPercent = grid?.depositPercent ?? DEPOSIT_PERCENT;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {yearlyOffersAt(grid).map((offer) => (
        <li key={offer.template} className="flex">
          <OfferCard
            title={offer.label}
            description={templateLabels[offer.template].description}
            popular={offer.template === POPULAR_TEMPLATE}
            price={
              <>
                {euros(offer.priceHT)}
                <span className="text-base font-medium text-slate-600">&nbsp;HT&nbsp;/&nbsp;an</span>
              </>
            }
            details={[
              <>soit {formatEuros(offer.priceWithVat)}&nbsp;TTC</>,
              <>
                {depositPercent}&nbsp;% à la commande (
                <strong className="text-slate-900">{formatEuros(offer.depositWithVat)}&nbsp;TTC</strong>),{' '}
                {100 - depositPercent}&nbsp;% à la livraison ({formatEuros(offer.remainingWithVat)}&nbsp;TTC)
              </>,
              <>Hébergement inclus, sans frais de mise en service</>,
            ]}
            features={
              catalogue?.grid.templates[offer.template].features ??
              templateFreeOptions[offer.template].slice(0, 5).map((key) => freeOptionLabels[key])
            }
            actionLabel={`Choisir ${offer.label}`}
            pending={pendingOffer === `one-time:${offer.template}`}
            disabled={pendingOffer !== null}
            onStart={() => onStart(offer.template)}
          />
        </li>
      ))}
    </ul>
  );
}
