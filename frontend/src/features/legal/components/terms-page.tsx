import { agencyContact } from '@coseso/domain/shared/agency-contact';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AccountLink } from '@/ui/account-link';
import { BrandLink } from '@/ui/brand-link';
import { catalogueQueryOptions, priceGridOf } from '@/lib/catalogue';
import { legalInfoQueryOptions, shareCapitalText } from '@/lib/legal-info';
import { termsArticles } from './terms-articles';

const linkClass =
  'rounded underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500';

/** The terms, between the client and the seller as the server is configured (« le Prestataire »). */
export function TermsPage() {
  const { seller } = useSuspenseQuery(legalInfoQueryOptions()).data;
  // Not loaded by the route: its loader is in the entry chunk, which the landing page's budget keeps small.
  const articles = termsArticles(priceGridOf(useSuspenseQuery(catalogueQueryOptions()).data));
  return (
    <div className="flex min-h-dvh flex-col">
      <title>Conditions générales de vente · Coseso</title>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <BrandLink />
          <div className="flex items-center gap-4">
            <Link to="/" className={`${linkClass} text-sm font-medium text-slate-700`}>
              Retour à l’accueil
            </Link>
            <AccountLink />
          </div>
        </div>
      </header>
      <main id="contenu" className="flex-1 px-4 py-12 sm:px-6 sm:py-16">
        <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[16rem_1fr] lg:gap-16">
          <div className="flex flex-col gap-4 lg:col-start-2">
            <h1 className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl">
              Conditions générales de vente
            </h1>
            <p className="text-lg text-slate-600">
              Les présentes conditions générales de vente régissent la commande, sur le site Coseso, de ses
              services par tout client professionnel (le «&nbsp;Client&nbsp;»). Le site et ses services sont
              exploités par{' '}
              <strong className="font-semibold text-slate-900">
                {seller.name} {seller.legalForm}
              </strong>
              {shareCapitalText(seller)}, {seller.address}, {seller.rcs} (le «&nbsp;Prestataire&nbsp;»). Toute
              commande vaut acceptation sans réserve de ces conditions, que le Client reconnaît avoir lues et
              acceptées avant de procéder au paiement.
            </p>
          </div>
          <nav
            aria-labelledby="sommaire-title"
            className="self-start rounded-2xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-6 lg:col-start-1 lg:row-span-2 lg:row-start-1"
          >
            <h2
              id="sommaire-title"
              className="mb-3 text-sm font-semibold tracking-wide text-slate-900 uppercase"
            >
              Sommaire
            </h2>
            <ol className="flex flex-col gap-2 text-sm text-slate-700">
              {articles.map((article, index) => (
                <li key={article.id}>
                  <a href={`#${article.id}`} className={linkClass}>
                    {index + 1}. {article.title}
                  </a>
                </li>
              ))}
              <li>
                <a href="#contact" className={linkClass}>
                  Contact
                </a>
              </li>
            </ol>
          </nav>
          <div className="flex max-w-3xl flex-col gap-10 lg:col-start-2">
            {articles.map((article, index) => (
              <section
                key={article.id}
                id={article.id}
                aria-labelledby={`${article.id}-title`}
                className="scroll-mt-6"
              >
                <h2 id={`${article.id}-title`} className="mb-4 text-xl font-bold text-slate-900 sm:text-2xl">
                  Article {index + 1} – {article.title}
                </h2>
                <div className="flex flex-col gap-4 leading-relaxed text-slate-700">{article.body}</div>
              </section>
            ))}
            <section id="contact" aria-labelledby="contact-title" className="scroll-mt-6">
              <h2 id="contact-title" className="mb-4 text-xl font-bold text-slate-900 sm:text-2xl">
                Contact
              </h2>
              <div className="flex flex-col gap-4 leading-relaxed text-slate-700">
                <p>
                  Pour toute question relative aux présentes conditions, à une commande ou à vos données
                  personnelles, écrivez-nous à{' '}
                  <a
                    href={`mailto:${agencyContact.supportEmail}`}
                    className={`${linkClass} font-medium text-primary-700 underline`}
                  >
                    {agencyContact.supportEmail}
                  </a>
                  . Notre équipe vous répond du lundi au vendredi, de 9&nbsp;h à 18&nbsp;h. Les clients
                  peuvent également nous contacter depuis la rubrique Support de leur espace client.
                </p>
              </div>
            </section>
          </div>
        </div>
      </main>
      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-wrap gap-6 px-4 py-6 text-sm text-slate-600 sm:px-6">
          <span>© {new Date().getFullYear()} Coseso</span>
          <a href="/mentions-legales" className={linkClass}>
            Mentions légales
          </a>
          <a href="/politique-confidentialite" className={linkClass}>
            Politique de confidentialité
          </a>
        </div>
      </footer>
    </div>
  );
}
