import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

export interface RadioCardProps extends Omit<ComponentProps<'input'>, 'type' | 'children'> {
  /** The radio's accessible name. */
  label: ReactNode;
  description?: ReactNode;
  /** Shown beside the label, e.g. a price or a badge; part of the description for screen readers. */
  aside?: ReactNode;
  /** Extra content under the text, e.g. a preview image (decorative). */
  media?: ReactNode;
  /** Shown at the bottom of the card, e.g. why the choice is unavailable. */
  footer?: ReactNode;
}

/** A real radio input presented as a selectable card; arrow keys move between cards of a group. */
export function RadioCard({
  label,
  description,
  aside,
  media,
  footer,
  className,
  disabled,
  ...inputProps
}: RadioCardProps) {
  const id = useId();
  const describedBy = [description && `${id}-description`, aside && `${id}-aside`, footer && `${id}-footer`]
    .filter(Boolean)
    .join(' ');
  return (
    <label
      className={cn(
        'group relative flex cursor-pointer flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs transition',
        'hover:border-primary-300 has-checked:border-primary-600 has-checked:bg-primary-50/50 has-checked:ring-1 has-checked:ring-primary-600',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-500',
        'has-disabled:cursor-not-allowed has-disabled:bg-slate-50 has-disabled:hover:border-slate-200',
        className,
      )}
    >
      {media}
      <span className="flex items-start gap-3">
        <input
          type="radio"
          className="mt-0.5 size-5 shrink-0 cursor-[inherit] accent-primary-600 focus-visible:outline-none"
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy || undefined}
          {...inputProps}
        />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <span
              id={`${id}-label`}
              className="font-semibold text-slate-900 group-has-disabled:text-slate-500"
            >
              {label}
            </span>
            {aside && (
              <span id={`${id}-aside`} className="text-sm font-semibold text-primary-700">
                {aside}
              </span>
            )}
          </span>
          {description && (
            <span
              id={`${id}-description`}
              className="text-sm text-slate-600 group-has-disabled:text-slate-500"
            >
              {description}
            </span>
          )}
        </span>
      </span>
      {footer && (
        <span id={`${id}-footer`} className="text-sm font-medium text-slate-600">
          {footer}
        </span>
      )}
    </label>
  );
}
