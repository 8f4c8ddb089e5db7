import { agencyContact } from '@coseso/domain/shared/agency-contact';
import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { legalInfoQueryOptions } from '@/lib/legal-info';
import { useCachedQuery } from '@/lib/use-cached-query';
import { BrandLink } from '@/ui/brand-link';

const linkClass =
  'rounded text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500';

const partners = [
  { name: 'Weglot', role: 'traduction', href: 'https://www.weglot.com/fr' },
  { name: 'Gandi', role: 'noms de domaine', href: 'https://www.gandi.net/fr' },
  { name: 'Stripe', role: 'paiement sécurisé', href: 'https://stripe.com/fr' },
  { name: 'Alma', role: 'paiement en plusieurs fois', href: 'https://almapay.com/fr' },
];

export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="flex flex-col gap-4">
          <BrandLink />
          <p className="max-w-sm text-sm text-slate-600">
            Des sites internet pour les entreprises, conçus en France par notre équipe et commandés 100&nbsp;%
            en ligne.
          </p>
          <a
            href={`mailto:${agencyContact.supportEmail}`}
            className={`${linkClass} self-start text-sm font-medium`}
          >
            {agencyContact.supportEmail}
          </a>
        </div>
        <nav aria-labelledby="footer-liens" className="flex flex-col gap-3 text-sm">
          <h2 id="footer-liens" className="font-semibold text-slate-900">
            Coseso
          </h2>
          <ul className="flex flex-col gap-2">
            <li>
              <Link to="/pricing" className={linkClass}>
                Nos offres
              </Link>
            </li>
            <li>
              <a href={agencyContact.helpCentre} className={linkClass}>
                Centre d’aide
              </a>
            </li>
            <li>
              <Link to="/cgu" className={linkClass}>
                Conditions générales de vente
              </Link>
            </li>
            <li>
              {/* A plain link: the back-office is not part of the public bundle. */}
              <a href="/admin" className={linkClass}>
                Espace Admin
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-partenaires" className="flex flex-col gap-3 text-sm">
          <h2 id="footer-partenaires" className="font-semibold text-slate-900">
            Nos partenaires
          </h2>
          <ul className="flex flex-col gap-2">
            {partners.map(({ name, role, href }) => (
              <li key={name}>
                <a href={href} rel="noopener noreferrer" className={linkClass}>
                  {name}
                </a>{' '}
                <span className="text-slate-500">({role})</span>
              </li>
            ))}
            <HostCredit />
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:px-6">
          <p>© {useCurrentYear()} Coseso. Tous droits réservés.</p>
          <ul className="flex gap-6">
            <li>
              <a href="/politique-confidentialite" className={linkClass}>
                Politique de confidentialité
              </a>
            </li>
            <li>
              <a href="/mentions-legales" className={linkClass}>
                Mentions légales
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

/**
 * The host as the legal notice names it (LEGAL_HOST_*): read from the server, so the footer and
 * /mentions-legales always agree. The prerendered page has none yet; it appears once read.
 */
function HostCredit() {
  const host = useCachedQuery(legalInfoQueryOptions())?.host;
  if (!host) return null;
  return (
    <li data-testid="footer-host">
      <Link to="/mentions-legales" className={linkClass}>
        {host.name}
      </Link>{' '}
      <span className="text-slate-500">(hébergement)</span>
    </li>
  );
}

const neverChanges = () => () => {};

/**
 * This year. The page is prerendered at build time and hydrated in the browser: hydration first
 * renders the build's year, as the prerendered HTML has it, then this year if it has changed since.
 */
function useCurrentYear(): number {
  return useSyncExternalStore(
    neverChanges,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}
