import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { CataloguePage } from '@/features/catalogue/components/catalogue-page';
import { type CatalogueInForce } from '@/lib/catalogue';
import { DraftCatalogue } from '@/lib/draft-catalogue';
import { Spinner } from '@/ui/spinner';

// The preview's pages come when an admin asks for them: nothing of /pricing or the wizard weighs on
// the back-office's page, nor on the entry chunk the landing shares.
const OffersPreview = lazy(() => import('@/features/pricing/components/offers-preview'));
const CreationStepPreview = lazy(() => import('@/features/order-wizard/components/creation-step-preview'));

/**
 * « Offres et tarifs »: the catalogue's versions, inside the back-office's session gate (the /admin
 * layout). No loader: the page asks for its data itself, so nothing of it weighs on the entry chunk.
 * The route composes the preview of a version from /pricing's offers and the wizard's step 3.
 */
export const Route = createFileRoute('/admin/catalogue')({ component: CatalogueRoute });

function CatalogueRoute() {
  return <CataloguePage renderPreview={renderPreview} />;
}

function renderPreview(draft: CatalogueInForce) {
  return (
    <DraftCatalogue draft={draft}>
      <Suspense fallback={<Spinner label="Chargement de l’aperçu..." className="py-8" />}>
        <div className="flex flex-col gap-6">
          <section aria-label="Aperçu de la page /pricing" className="flex flex-col gap-3">
            <h3 className="text-base font-semibold text-slate-900">Page « Nos offres » (/pricing)</h3>
            <OffersPreview />
          </section>
          <section aria-label="Aperçu de l’étape 3 de la commande" className="flex flex-col gap-3">
            <h3 className="text-base font-semibold text-slate-900">
              Étape 3 de la commande : « Comment votre site est-il créé ? »
            </h3>
            <CreationStepPreview />
          </section>
        </div>
      </Suspense>
    </DraftCatalogue>
  );
}
