import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/ui/button';

/** The client area of a client without any order (spec §2.2). */
export function NoOrderYet() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <h2 className="text-lg font-semibold text-slate-900">Aucune commande pour le moment</h2>
      <p className="text-slate-600">Choisissez une offre pour commander votre site.</p>
      <Link to="/pricing" className={buttonClasses()}>
        Découvrir nos offres
      </Link>
    </div>
  );
}
