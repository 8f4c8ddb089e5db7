import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { type BillingPeriod, type SubscriptionPlanKey } from '@coseso/domain/pricing/pricing-grid';
import { SUBSCRIPTION_OFFERS } from '@coseso/domain/pricing/pricing-plans';
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
      'Site de plusieurs pages ou portfolio',
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

export function SubscriptionOffers({
  cycle,
  pendingOffer,
  onStart,
}: {
  cycle: BillingPeriod;
  pendingOffer: string | null;
  onStart: (plan: SubscriptionPlanKey) => void;
}) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {SUBSCRIPTION_OFFERS.map((offer) => {
        const price = offer.cycles[cycle];
        const monthlyPrice = offer.cycles.monthly.pricePerMonthHT;
        return (
          <li key={offer.plan} className="flex">
            <OfferCard
              title={offer.label}
              description={planCopy[offer.plan].description}
              popular={offer.popular}
              price={
                <>
                  {euros(price.pricePerMonthHT)}
                  <span className="text-base font-medium text-slate-600">&nbsp;HT&nbsp;/&nbsp;mois</span>
                  {price.pricePerMonthHT < monthlyPrice && (
                    <span className="ml-2 text-base font-medium text-slate-500">
                      au lieu de <s>{euros(monthlyPrice)}</s>
                    </span>
                  )}
                </>
              }
              details={[
                offer.setupFeeHT > 0 ? (
                  <>Frais de mise en service&nbsp;: {euros(offer.setupFeeHT)}&nbsp;HT</>
                ) : (
                  <>Sans frais de mise en service</>
                ),
                <>
                  Total sur 12&nbsp;mois&nbsp;:{' '}
                  <strong className="text-slate-900">{euros(price.totalOver12MonthsHT)}&nbsp;HT</strong>
                </>,
                <>
                  Total sur 24&nbsp;mois&nbsp;:{' '}
                  <strong className="text-slate-900">{euros(price.totalOver24MonthsHT)}&nbsp;HT</strong>
                </>,
                cycle === 'monthly' ? (
                  <>Sans engagement, résiliable à tout moment</>
                ) : (
                  <>Engagement annuel, résiliation avec un préavis de 30&nbsp;jours</>
                ),
              ]}
              features={planCopy[offer.plan].features}
              actionLabel={`Choisir ${offer.label}`}
              pending={pendingOffer === `subscription:${offer.plan}`}
              disabled={pendingOffer !== null}
              onStart={() => onStart(offer.plan)}
            />
          </li>
        );
      })}
    </ul>
  );
}
