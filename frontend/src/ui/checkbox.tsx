import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { FieldError } from '@/ui/field';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'children'> {
  label: ReactNode;
  description?: ReactNode;
  /** Shown on the right, e.g. a price. Part of the description for screen readers. */
  aside?: ReactNode;
  error?: string;
  /** A bordered card rather than a plain line. */
  card?: boolean;
  /** Looks unavailable while staying operable, for choices refused with an explanation. */
  muted?: boolean;
}

export function Checkbox({
  label,
  description,
  aside,
  error,
  card = false,
  muted = false,
  className,
  ...inputProps
}: CheckboxProps) {
  const id = useId();
  const describedBy = [description && `${id}-description`, aside && `${id}-aside`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label
        className={cn(
          'flex cursor-pointer items-start gap-3',
          'has-disabled:cursor-not-allowed',
          card &&
            'flex-1 rounded-xl border bg-white p-4 shadow-xs transition hover:border-primary-300 has-checked:border-primary-600 has-checked:bg-primary-50/50',
          card && (error ? 'border-red-500' : 'border-slate-200'),
        )}
      >
        <input
          type="checkbox"
          className={cn(
            'mt-0.5 size-5 shrink-0 cursor-[inherit] rounded accent-primary-600',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
          )}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          {...inputProps}
        />
        <span className={cn('flex min-w-0 flex-1 flex-col gap-1', muted && 'opacity-60')}>
          <span className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <span id={`${id}-label`} className="font-medium text-slate-900">
              {label}
            </span>
            {aside && (
              <span id={`${id}-aside`} className="text-sm font-semibold whitespace-nowrap text-primary-700">
                {aside}
              </span>
            )}
          </span>
          {description && (
            <span id={`${id}-description`} className="text-sm text-slate-600">
              {description}
            </span>
          )}
        </span>
      </label>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
