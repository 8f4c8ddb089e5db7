import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { FieldError } from '@/ui/field';

export interface ChoiceGroupProps {
  legend: ReactNode;
  /** Shows the legend to screen readers only, when a heading above already says it. */
  hideLegend?: boolean;
  required?: boolean;
  description?: ReactNode;
  error?: string;
  /** 'radiogroup' for a set of radios, 'group' for checkboxes. */
  role?: 'radiogroup' | 'group';
  className?: string;
  /** Classes of the element holding the choices (the grid). */
  choicesClassName?: string;
  children: ReactNode;
}

/** A fieldset of radios or checkboxes with its legend, description and error. */
export function ChoiceGroup({
  legend,
  hideLegend,
  required,
  description,
  error,
  role,
  className,
  choicesClassName,
  children,
}: ChoiceGroupProps) {
  const id = useId();
  const describedBy = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <fieldset
      role={role}
      aria-describedby={describedBy || undefined}
      aria-invalid={role === 'radiogroup' && error ? true : undefined}
      aria-required={role === 'radiogroup' && required ? true : undefined}
      className={cn('flex min-w-0 flex-col gap-3', className)}
    >
      <legend className={cn(hideLegend ? 'sr-only' : 'mb-1 text-base font-semibold text-slate-900')}>
        {legend}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        )}
      </legend>
      {description && (
        <p id={`${id}-description`} className="-mt-2 text-sm text-slate-500">
          {description}
        </p>
      )}
      <div className={cn('grid gap-3', choicesClassName)}>{children}</div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}
