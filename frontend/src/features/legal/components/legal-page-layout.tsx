import { Link } from '@tanstack/react-router';
import { type ReactNode } from 'react';
import { AccountLink } from '@/ui/account-link';
import { BrandLink } from '@/ui/brand-link';

export const legalLinkClass =
  'rounded underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500';

/** The frame of the legal pages: the brand, a way home, the title, then the sections. */
export function LegalPageLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{`${title} · Coseso`}</title>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-4 px-4 sm:px-6">
          <BrandLink />
          <div className="flex items-center gap-4">
            <Link to="/" className={`${legalLinkClass} text-sm font-medium text-slate-700`}>
              Retour à l’accueil
            </Link>
            <AccountLink />
          </div>
        </div>
      </header>
      <main id="contenu" className="flex-1 px-4 py-12 sm:px-6 sm:py-16">
        <div className="mx-auto flex max-w-4xl flex-col gap-8 text-slate-700">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
