import { agencyContact } from '@coseso/domain/shared/agency-contact';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { reloadIfMissingChunk } from '@/lib/chunk-reload';
import { Button, buttonClasses } from '@/ui/button';
import { ErrorPageShell } from './error-page-shell';

export function RouteErrorPage({ error }: Partial<ErrorComponentProps>) {
  const router = useRouter();
  // A page of the previous build whose chunk is gone after a deploy: reloaded once (lib/chunk-reload).
  // Decided once per error page (the guard in sessionStorage keeps a second page from reloading again).
  const [reloading] = useState(() => reloadIfMissingChunk(error));
  // The page is being replaced by the new build's: nothing to say meanwhile.
  if (reloading) return null;
  return (
    <ErrorPageShell>
      <title>Erreur · Coseso</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Une erreur est survenue</h1>
      <p className="text-slate-600">
        Cette page n'a pas pu s'afficher. Réessayez dans un instant&nbsp;; si le problème persiste,
        écrivez-nous à {agencyContact.supportEmail}.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => void router.invalidate()}>Réessayer</Button>
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          Retour à l'accueil
        </Link>
      </div>
    </ErrorPageShell>
  );
}
