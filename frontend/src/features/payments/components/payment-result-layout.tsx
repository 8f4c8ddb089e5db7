import { type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { SpinnerIcon } from '@/ui/spinner';

export type ResultTone = 'success' | 'pending' | 'error';

/** A result page's card: an icon for the tone, the title as the page's heading, then the content. */
export function PaymentResultLayout({
  tone,
  title,
  children,
}: {
  tone: ResultTone;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-6 rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10">
      <title>{`${title} · Coseso`}</title>
      <ResultIcon tone={tone} />
      <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
      {children}
    </div>
  );
}

/** The row of actions under a result. */
export function ResultActions({ children, className }: { children: ReactNode; className?: string }) {
  return (
    // Wraps rather than overflowing the card when the buttons' labels are longer than it is wide.
    <div className={cn('flex w-full flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center', className)}>
      {children}
    </div>
  );
}

function ResultIcon({ tone }: { tone: ResultTone }) {
  if (tone === 'pending')
    return (
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-50">
        <SpinnerIcon className="size-8 text-primary-600" />
      </span>
    );
  const success = tone === 'success';
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-16">
      <circle cx="24" cy="24" r="24" className={success ? 'fill-emerald-100' : 'fill-red-100'} />
      <path
        d={success ? 'm15 24.5 6 6L33 18' : 'm17 17 14 14M31 17 17 31'}
        fill="none"
        className={success ? 'stroke-emerald-600' : 'stroke-red-600'}
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
