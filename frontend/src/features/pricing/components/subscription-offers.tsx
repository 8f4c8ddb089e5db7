import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { type SubscriptionPlanKey } from '@coseso/domain/pricing/pricing-grid';
import { subscriptionOffersAt } from '@coseso/domain/pricing/pricing-plans';
import { catalogueQueryOptions, priceGridOf } from '@/lib/catalogue';
import { useCachedQuery } from '@/lib/use-cached-query';
import { OfferCard } from './offer-card';

const euros = (cents: number) => formatEuros(cents, { decimals: 'auto' });

const planCopy: Record<SubscriptionPlanKey, { description: string; features: string[] }> = {
  starter: {
    description: 'Une page claire et efficace pour être présent en ligne.',
    features: [
      'Site vitrine d’une page',
      'Hébergement, certificat SSL et sauvegardes',
      'Maintenance et mises à jour de sécurité',
      '1 adresse email professionnelle de 10\u00a0Go',
    ],
  },
  business: {
    description: 'Plusieurs pages pour présenter vos services et rassurer vos clients.',
    features: [
      'Site Business de plusieurs pages',
      'Blog, newsletter et formulaire de contact',
      'Hébergement, certificat SSL et sauvegardes',
      'Maintenance et mises à jour de sécurité',
    ],
  },
  premium: {
    description: 'Une boutique en ligne complète pour vendre vos produits.',
    features: [
      'Boutique en ligne avec paiement sécurisé',
      'Gestion des stocks et des commandes',
      'Espace client pour vos acheteurs',
      'Hébergement, maintenance et sauvegardes',
    ],
  },
};

/** Each plan is its template on the wizard's monthly plan: the figures its recap and checkout will show. */
export function SubscriptionOffers({
  pendingOffer,
  onStart,
}: {
  pendingOffer: string | null;
  onStart: (plan: SubscriptionPlanKey) => void;
}) {
  // At the catalogue version in force, the first version's until it is loaded.
  const catalogue = useCachedQuery(catalogueQueryOptions());
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {subscriptionOffersAt(catalogue ? priceGridOf(catalogue) : undefined).map((offer) => (
        <li key={offer.plan} className="flex">
          <OfferCard
            title={offer.label}
            description={`${offer.templateLabel} · ${planCopy[offer.plan].description}`}
            popular={offer.popular}
            price={
              <>
                {formatEuros(offer.monthlyHT, { decimals: 'auto' })}
                <span className="text-base font-medium text-slate-600">&nbsp;HT&nbsp;/&nbsp;mois</span>
              </>
            }
            details={[
              <>
                soit {formatEuros(offer.monthlyWithVat)}&nbsp;TTC&nbsp;/&nbsp;mois, à partir de la livraison
              </>,
              <>
                Frais de mise en service&nbsp;:{' '}
                <strong className="text-slate-900">{euros(offer.setupFeeHT)}&nbsp;HT</strong> (
                {formatEuros(offer.setupFeeWithVat)}&nbsp;TTC), à la commande
              </>,
              <>
                Total sur 12&nbsp;mois&nbsp;:{' '}
                <strong className="text-slate-900">{euros(offer.totalOver12MonthsHT)}&nbsp;HT</strong>
              </>,
              <>Sans engagement, résiliable à tout moment</>,
            ]}
            features={planCopy[offer.plan].features}
            actionLabel={`Choisir ${offer.label}`}
            pending={pendingOffer === `subscription:${offer.plan}`}
            disabled={pendingOffer !== null}
            onStart={() => onStart(offer.plan)}
          />
        </li>
      ))}
    </ul>
  );
}
