import { EMAIL_MAX_LENGTH } from '@coseso/domain/orders/order-form-rules';
import { type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The look shared by text inputs, text areas and selects. */
export const controlClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs ' +
  'transition-colors placeholder:text-slate-400 ' +
  'focus:border-primary-500 focus:outline-none focus:ring-4 focus:ring-primary-100 ' +
  'aria-invalid:border-red-500 aria-invalid:focus:ring-red-100 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClasses, className)} {...props} />;
}

/** An email address input: no spell-checking, and no longer than an address can be. */
export function EmailInput(props: ComponentProps<'input'>) {
  return <Input type="email" spellCheck={false} maxLength={EMAIL_MAX_LENGTH} {...props} />;
}
