import { type NextStep, waitLabel } from '@coseso/domain/orders/next-step';
import { cn } from '@/lib/cn';

/**
 * The order's next step as the domain says it: « À faire : … » (the team's move) stands out,
 * « En attente du client : … » does not; both with the age of the wait.
 */
export function NextStepLine({
  step,
  now,
  className,
}: {
  step: NextStep | null;
  now: string;
  className?: string;
}) {
  if (!step) return null;
  return (
    <span
      data-next-actor={step.actor}
      className={cn(
        'block',
        step.actor === 'team' ? 'font-semibold text-primary-800' : 'text-slate-700',
        className,
      )}
    >
      {step.text}
      {step.actor !== 'none' && (
        <span className="font-normal text-slate-600"> · {waitLabel(step.since, now)}</span>
      )}
    </span>
  );
}
