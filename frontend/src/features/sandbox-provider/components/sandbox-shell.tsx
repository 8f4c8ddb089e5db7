import { type ReactNode } from 'react';

export const CHECKOUT_NOTICE = "Paiement de démonstration : aucun montant n'est débité";
export const CARD_NOTICE = "Carte de démonstration : aucune donnée bancaire n'est envoyée ni enregistrée";

/** The sandbox provider's own pages: they stand for Stripe's, so they do not wear the site's header. */
export function SandboxShell({ notice, children }: { notice: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-xl items-center justify-between gap-3 px-4 sm:px-6">
          <p className="font-semibold text-slate-900">Coseso Pay</p>
          <p className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase">
            Sandbox
          </p>
        </div>
      </header>
      <main
        id="contenu"
        className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12"
      >
        <p
          role="note"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
        >
          {notice}
        </p>
        {children}
      </main>
    </div>
  );
}

/** A white panel of a sandbox page. */
export function SandboxPanel({ children }: { children: ReactNode }) {
  return (
    <section className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      {children}
    </section>
  );
}
