import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { FieldError } from '@/ui/field';

export interface SwitchProps extends Omit<ComponentProps<'input'>, 'type' | 'children' | 'role'> {
  label: ReactNode;
  description?: ReactNode;
  /** Shown under the label, e.g. a price. Part of the description for screen readers. */
  aside?: ReactNode;
  error?: string;
  /** Looks unavailable while staying operable, for choices refused with an explanation. */
  muted?: boolean;
}

/** An on/off checkbox announced as a switch. */
export function Switch({
  label,
  description,
  aside,
  error,
  muted = false,
  className,
  ...inputProps
}: SwitchProps) {
  const id = useId();
  const describedBy = [aside && `${id}-aside`, description && `${id}-description`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label
        className={cn(
          'flex cursor-pointer items-start justify-between gap-4 rounded-xl border bg-white p-4 shadow-xs transition',
          'hover:border-primary-300 has-checked:border-primary-600 has-checked:bg-primary-50/50',
          error ? 'border-red-500' : 'border-slate-200',
        )}
      >
        <span className={cn('flex min-w-0 flex-col gap-1', muted && 'opacity-60')}>
          <span id={`${id}-label`} className="font-medium text-slate-900">
            {label}
          </span>
          {aside && (
            <span id={`${id}-aside`} className="text-sm font-semibold text-primary-700">
              {aside}
            </span>
          )}
          {description && (
            <span id={`${id}-description`} className="text-sm text-slate-600">
              {description}
            </span>
          )}
        </span>
        <span className="relative mt-0.5 inline-flex shrink-0">
          <input
            type="checkbox"
            role="switch"
            className={cn(
              'peer h-6 w-11 cursor-[inherit] appearance-none rounded-full bg-slate-300 transition-colors checked:bg-primary-600',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
              muted && 'opacity-50',
            )}
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy || undefined}
            aria-invalid={error ? true : undefined}
            {...inputProps}
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
          />
        </span>
      </label>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
