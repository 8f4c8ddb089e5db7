import { type ReactNode } from 'react';
import { BrandLink } from '@/ui/brand-link';

export function ErrorPageShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-5xl items-center px-4 sm:px-6">
          <BrandLink />
        </div>
      </header>
      <main id="contenu" className="flex flex-1 items-center justify-center px-4 py-16 sm:px-6">
        <div className="flex max-w-xl flex-col items-center gap-5 text-center">{children}</div>
      </main>
    </div>
  );
}
