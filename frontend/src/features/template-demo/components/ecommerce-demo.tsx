import { templateFreeOptions } from '@coseso/domain/orders/wizard';
import { cn } from '@/lib/cn';
import { DemoArtwork, ProductArtwork } from './demo-artwork';
import { DemoButton, DemoFooter, DemoHeader, DemoHero, DemoSection } from './demo-parts';
import { DemoContactSection, NewsletterBlock } from './demo-forms';
import { useDemoTheme } from './demo-theme-context';

const included = new Set(templateFreeOptions.ecommerce);
const name = 'Terre & Thé';

// The fictional shop's own catalogue, not Coseso prices.
const products = [
  { name: 'Thé vert Sencha', weight: '100 g', price: '12,90 €', stock: 24 },
  { name: 'Rooibos vanille', weight: '100 g', price: '9,50 €', stock: 3 },
  { name: 'Infusion verveine menthe', weight: '50 g', price: '7,90 €', stock: 18 },
  { name: 'Earl Grey bio', weight: '100 g', price: '11,40 €', stock: 0 },
  { name: 'Thé noir Assam', weight: '100 g', price: '10,90 €', stock: 12 },
  { name: 'Coffret découverte', weight: '6 × 25 g', price: '29,00 €', stock: 7 },
];

const orderSteps = ['Commande reçue', 'En préparation', 'Expédiée', 'Livrée'];

export function EcommerceDemo() {
  const theme = useDemoTheme();
  return (
    <>
      <DemoHeader
        name={name}
        links={[
          { href: '#demo-boutique', label: 'Boutique' },
          { href: '#demo-suivi', label: 'Suivi de commande' },
          { href: '#demo-contact', label: 'Contact' },
        ]}
        actions={
          <>
            {included.has('customerAccount') && (
              <DemoButton kind="secondary" className="px-4 py-2 text-sm">
                Mon compte
              </DemoButton>
            )}
            <DemoButton className="px-4 py-2 text-sm">Panier (0)</DemoButton>
          </>
        }
      />
      <main id="contenu">
        <DemoHero
          eyebrow="Thés et infusions bio"
          title="De la plantation à votre tasse, en circuit court"
          text="Des thés sélectionnés auprès de petits producteurs, conditionnés à Marseille et livrés chez vous en 48 heures."
          actions={
            <>
              <DemoButton>Découvrir la boutique</DemoButton>
              <DemoButton kind="secondary">Nos coffrets</DemoButton>
            </>
          }
          art={<DemoArtwork variant={2} label="Une théière et des tasses" className="aspect-[4/3] w-full" />}
        />
        <DemoSection id="demo-boutique" eyebrow="Boutique" title="Nos meilleures ventes">
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {products.map((product, index) => (
              <li key={product.name}>
                <article className={cn('flex h-full flex-col overflow-hidden', theme.card)}>
                  <div className={cn('aspect-square', theme.dark ? 'text-white' : 'text-slate-900')}>
                    <ProductArtwork variant={index} label={`Boîte de ${product.name}`} />
                  </div>
                  <div className="flex flex-1 flex-col gap-3 p-5">
                    <div className="flex items-start justify-between gap-3">
                      <h3 className={cn('text-lg font-semibold', theme.heading)}>{product.name}</h3>
                      <p className={cn('text-lg font-bold whitespace-nowrap', theme.heading)}>
                        {product.price}
                      </p>
                    </div>
                    <p className={cn('text-sm', theme.muted)}>{product.weight}</p>
                    {included.has('stockManagement') && (
                      <p className={cn('self-start px-3 py-1 text-xs font-semibold', theme.chip)}>
                        {product.stock === 0
                          ? 'Rupture de stock'
                          : product.stock <= 5
                            ? `Plus que ${product.stock} en stock`
                            : 'En stock'}
                      </p>
                    )}
                    <DemoButton className="mt-auto w-full py-2.5 text-sm">
                      {product.stock === 0 ? 'Me prévenir du retour' : 'Ajouter au panier'}
                    </DemoButton>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          {included.has('onlinePayment') && (
            <ul className={cn('grid gap-4 text-center sm:grid-cols-3', theme.muted)}>
              {['Paiement sécurisé par carte', 'Livraison en 48 h', 'Retours gratuits sous 14 jours'].map(
                (item) => (
                  <li key={item} className={cn('px-4 py-3 text-sm font-medium', theme.chip)}>
                    {item}
                  </li>
                ),
              )}
            </ul>
          )}
        </DemoSection>
        {included.has('orderDashboard') && (
          <DemoSection
            id="demo-suivi"
            eyebrow="Suivi de commande"
            title="Suivez vos colis en temps réel"
            intro="Depuis votre espace client, retrouvez vos commandes, vos factures et l’avancement de chaque livraison."
            alt
          >
            <div className={cn('flex flex-col gap-6 p-6 sm:p-8', theme.card)}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className={cn('font-semibold', theme.heading)}>Commande TT-2048</p>
                <p className={cn('text-sm', theme.muted)}>2 articles · expédiée hier</p>
              </div>
              <ol className="grid gap-4 sm:grid-cols-4">
                {orderSteps.map((step, index) => (
                  <li key={step} className="flex flex-col gap-2">
                    <span
                      aria-hidden="true"
                      className={cn(
                        'h-2 rounded-full',
                        index <= 2 ? 'bg-(--demo-primary)' : 'bg-current opacity-20',
                      )}
                    />
                    <span className={cn('text-sm', index <= 2 ? theme.heading : theme.muted)}>
                      {step}
                      {index <= 2 && <span className="sr-only"> (terminé)</span>}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          </DemoSection>
        )}
        {included.has('newsletter') && (
          <DemoSection id="demo-newsletter" eyebrow="Newsletter" title="Nos nouveautés en avant-première">
            <NewsletterBlock text="Nouvelles récoltes, recettes et offres réservées aux abonnés, une fois par mois." />
          </DemoSection>
        )}
        <DemoContactSection
          included={included}
          title={`Une question sur une commande\u00a0?`}
          alt
          address="8 rue Sainte, 13001 Marseille"
          phone="04 91 00 00 00"
          email="bonjour@terre-et-the.fr"
          hours="Lundi au vendredi, 10 h – 18 h"
        />
      </main>
      <DemoFooter
        name={name}
        tagline="Thés et infusions bio, Marseille"
        social={included.has('socialLinks')}
      />
    </>
  );
}
