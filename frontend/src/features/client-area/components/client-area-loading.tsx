import { BrandLink } from '@/ui/brand-link';
import { Spinner } from '@/ui/spinner';

export function ClientAreaLoading() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center px-4 sm:px-6">
          <BrandLink />
        </div>
      </header>
      <main id="contenu" className="flex flex-1 justify-center px-4 py-24">
        <Spinner label="Chargement de votre espace client..." />
      </main>
    </div>
  );
}
