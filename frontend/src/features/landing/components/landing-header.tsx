import { BrandLink } from '@/ui/brand-link';
import { buttonClasses } from '@/ui/button';

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200/70 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLink />
        {/* A plain link until the /auth route exists in the SPA. */}
        <a href="/auth" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Espace Client
        </a>
      </div>
    </header>
  );
}
