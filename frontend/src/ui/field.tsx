import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

/** What a field gives its control so that the label, description and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldProps {
  label: ReactNode;
  required?: boolean;
  description?: ReactNode;
  error?: string;
  /** Extra text linked to the control, e.g. a live check's result. */
  status?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, required, description, error, status, className, children }: FieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const describedBy = [description && descriptionId, error && errorId, status && statusId]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {/* The star stays outside the label so that the label's text is exactly the field's name. */}
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="text-sm text-red-600">
            *
          </span>
        )}
      </div>
      {description && (
        <p id={descriptionId} className="text-sm text-slate-500">
          {description}
        </p>
      )}
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {error && <FieldError id={errorId}>{error}</FieldError>}
      <div id={statusId} aria-live="polite" className="empty:hidden">
        {status}
      </div>
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0">
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      {children}
    </p>
  );
}
