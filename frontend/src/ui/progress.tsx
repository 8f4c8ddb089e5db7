import { cn } from '@/lib/cn';

export interface ProgressProps {
  value: number;
  max: number;
  /** Accessible name of the bar. */
  label: string;
  /** What a screen reader says instead of a percentage, e.g. "Étape 2 sur 8". */
  valueText?: string;
  className?: string;
}

export function Progress({ value, max, label, valueText, className }: ProgressProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div
        className="h-full rounded-full bg-primary-500 transition-[width] duration-500 motion-reduce:transition-none"
        style={{ width: `${max > 0 ? (clamped / max) * 100 : 0}%` }}
      />
    </div>
  );
}
