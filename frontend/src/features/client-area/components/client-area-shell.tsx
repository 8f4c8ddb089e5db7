import { type ReactNode } from 'react';
import { type CurrentUser, displayName } from '@/lib/auth';
import { BrandLink } from '@/ui/brand-link';
import { Button } from '@/ui/button';
import { showErrorToast } from '@/ui/toaster';
import { useLogout } from '../api/logout';

export function ClientAreaShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const logout = useLogout();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex min-h-16 max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
          <BrandLink />
          <div className="flex items-center gap-3">
            <p className="text-sm text-slate-600">
              <span className="sr-only">Connecté en tant que </span>
              <span className="font-medium text-slate-900 wrap-anywhere">{displayName(user)}</span>
            </p>
            <Button
              variant="outline"
              size="sm"
              pending={logout.isPending}
              pendingLabel="Déconnexion..."
              onClick={() =>
                logout.mutate(undefined, {
                  onError: () =>
                    showErrorToast('Erreur', 'Impossible de vous déconnecter. Veuillez réessayer.'),
                })
              }
            >
              Déconnexion
            </Button>
          </div>
        </div>
      </header>
      <main id="contenu" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        {children}
      </main>
    </div>
  );
}
