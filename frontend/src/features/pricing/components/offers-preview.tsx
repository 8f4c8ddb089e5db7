import { SubscriptionOffers } from './subscription-offers';
import { YearlyOffers } from './yearly-offers';

/** Both tabs of /pricing at once, their buttons disabled: what the back-office previews of a version. */
export default function OffersPreview() {
  const ignore = () => undefined;
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Aperçu des offres en paiement annuel" className="flex flex-col gap-3">
        <h4 className="font-semibold text-slate-900">Paiement annuel</h4>
        <YearlyOffers pendingOffer="apercu" onStart={ignore} />
      </section>
      <section aria-label="Aperçu des offres en abonnement" className="flex flex-col gap-3">
        <h4 className="font-semibold text-slate-900">Abonnement mensuel</h4>
        <SubscriptionOffers pendingOffer="apercu" onStart={ignore} />
      </section>
    </div>
  );
}
