import { Link } from '@tanstack/react-router';
import { useRedirectToSignIn } from '@/lib/use-redirect-to-sign-in';
import { buttonClasses } from '@/ui/button';

/** The client's session ended while a page of the client area was open (spec §8). */
export function SessionExpired({ redirect }: { redirect: string }) {
  useRedirectToSignIn({
    redirect,
    title: 'Session expirée',
    description: 'Non autorisé : vous devez être connecté. Redirection en cours...',
  });
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-amber-200 bg-amber-50 px-6 py-10 text-center">
      <h2 className="text-xl font-semibold text-amber-950">Session expirée</h2>
      <p className="text-amber-900">Reconnectez-vous pour retrouver vos commandes.</p>
      <Link to="/auth" search={{ redirect }} className={buttonClasses()}>
        Se reconnecter
      </Link>
    </div>
  );
}
