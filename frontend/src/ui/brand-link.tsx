import { Link } from '@tanstack/react-router';
import { cn } from '@/lib/cn';

/** The Coseso wordmark, linking home. */
export function BrandLink({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-lg text-xl font-bold tracking-tight text-slate-900',
        'focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary-500',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-primary-600" />
        <path
          d="M21.5 11.2A7 7 0 1 0 21.5 20.8"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinecap="round"
        />
      </svg>
      Coseso
    </Link>
  );
}
