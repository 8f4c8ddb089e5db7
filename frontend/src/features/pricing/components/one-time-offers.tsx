import { freeOptionLabels, templateFreeOptions, templateLabels } from '@coseso/domain/orders/wizard';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { POPULAR_TEMPLATE, type TemplateKey } from '@coseso/domain/pricing/pricing-grid';
import { ONE_TIME_OFFERS } from '@coseso/domain/pricing/pricing-plans';
import { OfferCard } from './offer-card';

const euros = (cents: number) => formatEuros(cents, { decimals: 'auto' });

export function OneTimeOffers({
  pendingOffer,
  onStart,
}: {
  pendingOffer: string | null;
  onStart: (template: TemplateKey) => void;
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {ONE_TIME_OFFERS.map((offer) => (
        <li key={offer.template} className="flex">
          <OfferCard
            title={offer.label}
            description={templateLabels[offer.template].description}
            popular={offer.template === POPULAR_TEMPLATE}
            price={
              <>
                {euros(offer.priceHT)}
                <span className="text-base font-medium text-slate-600">&nbsp;HT</span>
              </>
            }
            details={[
              <>
                ou <strong className="text-slate-900">3x {euros(offer.perInstalmentHT)}&nbsp;HT</strong> sans
                frais
              </>,
              <>1 an d’hébergement inclus</>,
            ]}
            features={templateFreeOptions[offer.template].slice(0, 5).map((key) => freeOptionLabels[key])}
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
