import { type ReactNode } from 'react';

interface OperationsSectionProps {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

export function OperationsSection({ id, title, description, actions, children }: OperationsSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="flex scroll-mt-6 flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="text-sm text-slate-600">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** An error shown whole (stack included): operators need all of it, not a summary. */
export function FullError({ title, error }: { title: string; error: string }) {
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      <pre className="max-h-96 overflow-auto text-xs whitespace-pre-wrap wrap-anywhere">{error}</pre>
    </div>
  );
}
