import { VAT_RATE_PERCENT } from '@coseso/domain/pricing/pricing-grid';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { catalogueQueryOptions, priceGridOf } from '@/lib/catalogue';
import { useCachedQuery } from '@/lib/use-cached-query';
import { AccountLink } from '@/ui/account-link';
import { BrandLink } from '@/ui/brand-link';
import { oneTimeOrder, type PricingOrder, subscriptionOrder } from '../pricing-order';
import { SubscriptionOffers } from './subscription-offers';
import { YearlyOffers } from './yearly-offers';
import { ToggleGroup } from './toggle-group';

type PlanType = PricingOrder['planType'];

export function PricingPage({
  onStartOrder,
}: {
  /** Creates the order and opens its wizard; rejects when the order could not be created. */
  onStartOrder: (order: PricingOrder) => Promise<void>;
}) {
  const [planType, setPlanType] = useState<PlanType>('one-time');
  const [pendingOffer, setPendingOffer] = useState<string | null>(null);
  const catalogue = useCachedQuery(catalogueQueryOptions());
  const grid = catalogue ? priceGridOf(catalogue) : undefined;

  const start = (offerKey: string, order: PricingOrder) => {
    if (pendingOffer) return;
    setPendingOffer(offerKey);
    // The spec (§8) shows nothing when the pricing page cannot create the order: it is only logged.
    onStartOrder(order).catch((error: unknown) => {
      console.error('Impossible de créer la commande depuis la page des offres', error);
      setPendingOffer(null);
    });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <title>Nos offres · Coseso</title>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <BrandLink />
          <AccountLink />
        </div>
      </header>
      <main id="contenu" className="flex-1 px-4 py-14 sm:px-6 sm:py-20">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-10">
          <div className="flex max-w-2xl flex-col items-center gap-4 text-center">
            <h1 className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
              Nos offres
            </h1>
            <p className="text-lg text-pretty text-slate-600">
              Payez votre site à l’année, ou choisissez un abonnement mensuel sans engagement&nbsp;:
              l’hébergement est inclus dans les deux cas. Vous personnalisez tout ensuite, en quelques
              minutes, et le récapitulatif reprend exactement ces prix.
            </p>
          </div>
          <div className="flex flex-col items-center gap-4">
            <ToggleGroup<PlanType>
              label="Formule"
              value={planType}
              onChange={setPlanType}
              options={[
                { value: 'one-time', label: 'Paiement annuel' },
                { value: 'subscription', label: 'Abonnement mensuel' },
              ]}
            />
          </div>
          <section
            aria-label={planType === 'one-time' ? 'Offres en paiement annuel' : 'Offres en abonnement'}
            className="w-full pt-4"
          >
            {planType === 'one-time' ? (
              <YearlyOffers
                pendingOffer={pendingOffer}
                onStart={(template) => start(`one-time:${template}`, oneTimeOrder(template, grid))}
              />
            ) : (
              <SubscriptionOffers
                pendingOffer={pendingOffer}
                onStart={(plan) => start(`subscription:${plan}`, subscriptionOrder(plan, grid))}
              />
            )}
          </section>
          <p className="max-w-3xl text-center text-sm text-slate-600">
            Prix hors taxes (TVA {VAT_RATE_PERCENT}&nbsp;% en sus).{' '}
            {planType === 'one-time'
              ? 'Le prix annuel comprend la création du site et une année d’hébergement ; le renouvellement est facultatif, au même prix annuel.'
              : 'Les totaux incluent les frais de mise en service.'}
          </p>
        </div>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:px-6">
          <p>© {new Date().getFullYear()} Coseso</p>
          <nav aria-label="Liens utiles" className="flex gap-6">
            <Link
              to="/"
              className="rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-500"
            >
              Accueil
            </Link>
            <Link
              to="/cgu"
              className="rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-500"
            >
              Conditions générales de vente
            </Link>
            <a
              href="/mentions-legales"
              className="rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-500"
            >
              Mentions légales
            </a>
            <a
              href="/politique-confidentialite"
              className="rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-500"
            >
              Politique de confidentialité
            </a>
          </nav>
        </div>
      </footer>
    </div>
  );
}
