import { type ReactNode } from 'react';
import { Button } from '@/ui/button';

interface CheckPanelProps {
  /** The heading's id, which names the section. */
  readonly id: string;
  readonly title: string;
  /** What the check proves, under the title. */
  readonly description: ReactNode;
  readonly buttonLabel: string;
  /** The check's mutation: run on the button, its state shown. */
  readonly check: { mutate: () => void; isPending: boolean; isError: boolean };
  /** What the check found: shown once it answered (a passing check's status or the breaks' alert). */
  readonly result: ReactNode;
}

/** A back-office check run on demand (the log's chain, the books): a title, what it proves, a button and its verdict. */
export function CheckPanel({ id, title, description, buttonLabel, check, result }: CheckPanelProps) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
        <Button onClick={() => check.mutate()} pending={check.isPending} pendingLabel="Vérification...">
          {buttonLabel}
        </Button>
      </div>
      <div aria-live="polite">
        {check.isError && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
            La vérification n'a pas pu aboutir. Réessayez dans un instant.
          </p>
        )}
        {result}
      </div>
    </section>
  );
}

/** A check's passing verdict. */
export function CheckPassed({ children }: { readonly children: ReactNode }) {
  return (
    <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
      {children}
    </p>
  );
}
