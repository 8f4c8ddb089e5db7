import { type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';

export function OfferCard({
  title,
  description,
  popular,
  price,
  details,
  features,
  actionLabel,
  pending,
  disabled,
  onStart,
}: {
  title: string;
  description: string;
  popular: boolean;
  /** The headline figure, with its unit. */
  price: ReactNode;
  /** Lines under the price: instalments, fees, totals. */
  details: ReactNode[];
  features: string[];
  actionLabel: string;
  pending: boolean;
  disabled: boolean;
  onStart: () => void;
}) {
  return (
    <article
      aria-label={title}
      className={cn(
        'relative flex flex-col gap-5 rounded-2xl border bg-white p-6 shadow-sm',
        popular ? 'border-primary-500 ring-2 ring-primary-500' : 'border-slate-200',
      )}
    >
      {popular && (
        <p className="absolute -top-3 left-6 rounded-full bg-primary-600 px-3 py-0.5 text-xs font-semibold text-white">
          Le plus populaire
        </p>
      )}
      <div className="flex flex-col gap-2">
        <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
        <p className="text-sm text-slate-600">{description}</p>
      </div>
      <div className="flex flex-col gap-1">
        <p className="text-4xl font-extrabold tracking-tight text-slate-900">{price}</p>
        {details.map((detail, index) => (
          <p key={index} className="text-sm text-slate-600">
            {detail}
          </p>
        ))}
      </div>
      <Button
        size="md"
        variant={popular ? 'primary' : 'outline'}
        pending={pending}
        pendingLabel="Préparation..."
        disabled={disabled}
        onClick={onStart}
      >
        {actionLabel}
      </Button>
      <ul className="flex flex-col gap-3 border-t border-slate-100 pt-5 text-sm text-slate-700">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-3">
            <CheckIcon />
            {feature}
          </li>
        ))}
      </ul>
    </article>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-px size-5 shrink-0 text-primary-600">
      <circle cx="10" cy="10" r="10" fill="currentColor" opacity="0.15" />
      <path
        d="m6 10.5 2.5 2.5L14 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
