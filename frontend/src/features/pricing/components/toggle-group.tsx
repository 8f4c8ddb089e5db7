import { type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface ToggleOption<T extends string> {
  value: T;
  label: ReactNode;
}

/** Two or more mutually exclusive pressed buttons, e.g. 'Paiement unique' / 'Abonnement mensuel'. */
export function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  size = 'md',
}: {
  /** Accessible name of the group. */
  label: string;
  options: ToggleOption<T>[];
  value: T;
  onChange: (value: T) => void;
  size?: 'sm' | 'md';
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex justify-center gap-1 rounded-full border border-slate-200 bg-white p-1 shadow-sm"
    >
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={cn(
              'inline-flex items-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
              size === 'md' ? 'px-3 py-2.5 text-sm sm:px-5 sm:text-base' : 'px-4 py-2 text-sm',
              pressed ? 'bg-primary-600 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
