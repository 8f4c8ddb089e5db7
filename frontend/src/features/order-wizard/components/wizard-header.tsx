import { WIZARD_STEP_COUNT, wizardSteps } from '@coseso/domain/orders/wizard';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { Progress } from '@/ui/progress';

interface WizardHeaderProps {
  step: number;
  orderNumber: number;
  onResumeLater: () => void;
}

export function WizardHeader({ step, orderNumber, onResumeLater }: WizardHeaderProps) {
  const stepLabel = `Étape ${step} sur ${WIZARD_STEP_COUNT}`;
  return (
    <header className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Configuration de votre site
          </h1>
          <p className="text-slate-600">{stepLabel}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <p className="rounded-full bg-primary-50 px-3 py-1 text-sm font-semibold text-primary-700">
            Commande #{orderNumber}
          </p>
          <Button variant="ghost" size="sm" onClick={onResumeLater}>
            <LinkIcon />
            Reprendre plus tard
          </Button>
        </div>
      </div>
      <Progress
        value={step}
        max={WIZARD_STEP_COUNT}
        label="Progression de la commande"
        valueText={stepLabel}
      />
      <WizardStepList currentStep={step} />
    </header>
  );
}

function WizardStepList({ currentStep }: { currentStep: number }) {
  return (
    <ol aria-label="Étapes de la commande" className="grid grid-cols-8 gap-x-1 sm:gap-x-2">
      {wizardSteps.map(({ step, title }) => {
        const isCurrent = step === currentStep;
        const isDone = step < currentStep;
        return (
          <li
            key={step}
            aria-current={isCurrent ? 'step' : undefined}
            className="flex flex-col items-center gap-2 text-center"
          >
            <span
              aria-hidden="true"
              className={cn(
                'grid size-8 place-items-center rounded-full text-sm font-semibold transition-colors',
                isCurrent && 'bg-primary-600 text-white ring-4 ring-primary-100',
                isDone && 'bg-primary-100 text-primary-700',
                !isCurrent && !isDone && 'bg-slate-100 text-slate-500',
              )}
            >
              {isDone ? <CheckIcon /> : step}
            </span>
            <span
              className={cn(
                // On small screens the numbers suffice: the step's title is the heading just below.
                'text-xs leading-tight max-sm:sr-only sm:text-sm',
                isCurrent ? 'font-semibold text-primary-700' : 'text-slate-600',
              )}
            >
              {title}
              {isDone && <span className="sr-only"> (terminée)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

function LinkIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      className="size-4"
    >
      <path d="M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5l-1 1" strokeLinecap="round" />
      <path d="M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1" strokeLinecap="round" />
    </svg>
  );
}
