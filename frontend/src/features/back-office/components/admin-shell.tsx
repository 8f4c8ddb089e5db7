import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode } from 'react';
import { BrandLink } from '@/ui/brand-link';
import { Button } from '@/ui/button';
import { showSuccessToast } from '@/ui/toaster';
import { type AdminSession } from '@/lib/admin-session/admin-session';
import { useAdminLogout, useOptionalAdminSession } from '@/lib/admin-session/use-admin-session';
import { adminOrderViewsQueryOptions } from '../api/get-admin-order-views';

/** The back-office's frame; its navigation and user menu only for a signed-in user (none on the sign-in page). */
export function AdminShell({ children }: { children: ReactNode }) {
  const session = useOptionalAdminSession();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
          {/* At a phone's width the navigation wraps onto lines of its own, under the brand. */}
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
            <BrandLink />
            <Link
              to="/admin"
              className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-white uppercase focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
            >
              Back-office
            </Link>
            {session && (
              <nav
                aria-label="Back-office"
                className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm [&_a]:py-1"
              >
                <Link to="/admin" className="text-slate-700 underline-offset-2 hover:underline">
                  Commandes
                </Link>
                <TeamQueueLink />
                <Link to="/admin/events" className="text-slate-700 underline-offset-2 hover:underline">
                  Journal des événements
                </Link>
                <Link to="/admin/invoices" className="text-slate-700 underline-offset-2 hover:underline">
                  Factures
                </Link>
                <Link to="/admin/catalogue" className="text-slate-700 underline-offset-2 hover:underline">
                  Offres et tarifs
                </Link>
                <Link
                  to="/admin/agency-identity"
                  className="text-slate-700 underline-offset-2 hover:underline"
                >
                  Identité de l’agence
                </Link>
                <Link to="/admin/operations" className="text-slate-700 underline-offset-2 hover:underline">
                  Opérations
                </Link>
                <Link to="/admin/team" className="text-slate-700 underline-offset-2 hover:underline">
                  Équipe
                </Link>
              </nav>
            )}
          </div>
          {session && <AdminUserMenu session={session} />}
        </div>
      </header>
      <main id="contenu" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
    </div>
  );
}

/** « À traiter » and how many orders wait on the team: a client who acts shows here within a minute. */
function TeamQueueLink() {
  const count = useQuery(adminOrderViewsQueryOptions()).data?.team;
  return (
    <Link
      to="/admin"
      search={{ queue: 'team' }}
      className="inline-flex items-center gap-1.5 font-medium text-slate-900 underline-offset-2 hover:underline"
    >
      À traiter
      {count !== undefined && (
        <span
          className={
            count > 0
              ? 'rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white'
              : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700'
          }
        >
          {count}
          <span className="sr-only"> {count > 1 ? 'commandes' : 'commande'}</span>
        </span>
      )}
    </Link>
  );
}

function AdminUserMenu({ session }: { session: AdminSession }) {
  const logout = useAdminLogout();
  const signOut = () => {
    // Through the promise: this header is gone once the session is forgotten, and the toast is not.
    void logout
      .mutateAsync()
      .catch(() => undefined)
      .then(() => showSuccessToast('Déconnexion', 'Vous êtes déconnecté du back-office.'));
  };
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-3">
      <p className="min-w-0 text-sm text-slate-600">
        <span className="sr-only">Connecté en tant que </span>
        {/* The account's name (its role when unnamed): the address stays off the screen. */}
        <span className="font-medium text-slate-900 wrap-anywhere">{session.user.name}</span>
      </p>
      <Button
        variant="outline"
        size="sm"
        pending={logout.isPending}
        pendingLabel="Déconnexion..."
        onClick={signOut}
      >
        Déconnexion
      </Button>
    </div>
  );
}
