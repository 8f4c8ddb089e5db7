import { type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = 'primary' | 'success' | 'neutral' | 'warning';

const tones: Record<BadgeTone, string> = {
  primary: 'bg-primary-50 text-primary-800 ring-primary-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
};

export function Badge({
  tone = 'primary',
  compact = false,
  className,
  children,
}: {
  tone?: BadgeTone;
  /** Small, and wrapping inside a narrow container (a board card) instead of spilling out of it. */
  compact?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full font-medium ring-1 ring-inset',
        compact
          ? 'max-w-full px-2 py-0.5 text-[11px] leading-tight wrap-anywhere'
          : 'px-3 py-1 text-sm whitespace-nowrap',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
