import { agencyContact } from '@coseso/domain/shared/agency-contact';
import { Link, useLocation } from '@tanstack/react-router';
import { buttonClasses } from '@/ui/button';
import { ErrorPageShell } from './error-page-shell';

const supportEmail = agencyContact.supportEmail;

export function NotFoundPage() {
  const location = useLocation();
  return (
    <ErrorPageShell>
      <title>Page introuvable · Coseso</title>
      <p className="text-6xl font-extrabold tracking-tight text-primary-600" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Page introuvable</h1>
      <p className="text-slate-600">
        La page{' '}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 break-all text-slate-900">{location.href}</code>{' '}
        n'existe pas ou a été déplacée.
      </p>
      <nav aria-label="Pages utiles" className="flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={buttonClasses()}>
          Retour à l'accueil
        </Link>
        {/* Plain links until these routes exist in the SPA. */}
        <a href="/client" className={buttonClasses({ variant: 'outline' })}>
          Espace client
        </a>
        <a href="/pricing" className={buttonClasses({ variant: 'outline' })}>
          Nos tarifs
        </a>
      </nav>
      <p className="text-sm text-slate-600">
        Besoin d'aide&nbsp;? Écrivez-nous à{' '}
        <a
          href={`mailto:${supportEmail}`}
          className="rounded font-medium text-primary-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          {supportEmail}
        </a>
      </p>
    </ErrorPageShell>
  );
}
