import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/ui/button';
import { AdminShell } from './admin-shell';

export function AccessRestricted() {
  return (
    <AdminShell>
      <title>Accès restreint · Coseso</title>
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Accès restreint</h1>
        <p className="text-slate-600">
          Cette page est réservée au back-office : connectez-vous pour y accéder.
        </p>
        <Link to="/admin" className={buttonClasses()}>
          Se connecter au back-office
        </Link>
      </div>
    </AdminShell>
  );
}
