import { type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SectionCardProps {
  id: string;
  title: string;
  description?: ReactNode;
  /** Beside the title, e.g. a refresh button. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function SectionCard({ id, title, description, actions, className, children }: SectionCardProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn(
        'flex scroll-mt-6 flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6',
        className,
      )}
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

/** A section's failure to load, with a way to try again. */
export function SectionError({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-medium">{message}</p>
      {children}
    </div>
  );
}
