import * as ProgressPrimitive from '@radix-ui/react-progress';
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

/** A progress bar on Radix (role progressbar, its value and bounds); out-of-range values are clamped. */
export function Progress({ value, max, label, valueText, className }: ProgressProps) {
  // Radix wants a positive maximum; an empty one shows an empty bar.
  const bound = max > 0 ? max : 1;
  const clamped = max > 0 ? Math.min(Math.max(value, 0), max) : 0;
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={bound}
      aria-label={label}
      getValueLabel={(current, total) => valueText ?? `${Math.round((current / total) * 100)} %`}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <ProgressPrimitive.Indicator
        className="h-full rounded-full bg-primary-500 transition-[width] duration-500 motion-reduce:transition-none"
        style={{ width: `${(clamped / bound) * 100}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
