import { cn } from '@/lib/cn';

export function SpinnerIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className={cn('size-5 shrink-0 animate-spin motion-reduce:animate-none', className)}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A loading indicator announced to screen readers by its label. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center gap-3 text-slate-600', className)}>
      <SpinnerIcon className="size-8 text-primary-600" />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}
