import { type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { SpinnerIcon } from '@/ui/spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60';

// Each variant sets its own focus ring colour so it stays visible on its background.
const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-primary-600 text-white shadow-sm hover:bg-primary-700 disabled:hover:bg-primary-600 focus-visible:outline-primary-500',
  secondary:
    'bg-primary-50 text-primary-700 hover:bg-primary-100 disabled:hover:bg-primary-50 focus-visible:outline-primary-500',
  outline:
    'border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50 disabled:hover:bg-white focus-visible:outline-primary-500',
  ghost:
    'text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:hover:bg-transparent focus-visible:outline-primary-500',
  inverse:
    'bg-white text-primary-700 shadow-sm hover:bg-primary-50 disabled:hover:bg-white focus-visible:outline-white',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-13 px-7 text-lg',
};

/** The button look, for links that should look like buttons. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Shows a spinner and ignores activation; `pendingLabel` replaces the label meanwhile. It uses
   * aria-disabled rather than disabled so the button keeps keyboard focus if the action fails.
   */
  pending?: boolean;
  pendingLabel?: ReactNode;
}

export function Button({
  variant,
  size,
  pending = false,
  pendingLabel,
  className,
  disabled,
  type = 'button',
  onClick,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled && !pending}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      className={buttonClasses({ variant, size, className })}
      onClick={(event) => {
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    >
      {pending && <SpinnerIcon />}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
