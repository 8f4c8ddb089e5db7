import { type OrderView } from '@coseso/domain/orders/order-view';
import { cn } from '@/lib/cn';
import { Progress } from '@/ui/progress';
import { startingStep, wizardStepCount, wizardSteps } from './wizard-steps';

export function OrderWizard({ order }: { order: OrderView }) {
  const step = startingStep(order.currentStep);
  const stepTitle = wizardSteps[step - 1];
  const stepLabel = `Étape ${step} sur ${wizardStepCount}`;

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-5">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Configuration de votre site
            </h1>
            <p className="text-slate-600">{stepLabel}</p>
          </div>
          <p className="rounded-full bg-primary-50 px-3 py-1 text-sm font-semibold text-primary-700">
            Commande #{order.orderNumber}
          </p>
        </div>
        <Progress
          value={step}
          max={wizardStepCount}
          label="Progression de la commande"
          valueText={stepLabel}
        />
        <WizardStepList currentStep={step} />
      </header>

      <section
        aria-labelledby="wizard-step-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="wizard-step-title" className="text-xl font-semibold text-slate-900">
          {stepTitle}
        </h2>
        <p className="mt-2 text-slate-600">
          Cette étape sera bientôt disponible. Votre commande est enregistrée&nbsp;: vous pourrez la reprendre
          à tout moment depuis ce lien.
        </p>
      </section>
    </div>
  );
}

function WizardStepList({ currentStep }: { currentStep: number }) {
  return (
    <ol aria-label="Étapes de la commande" className="grid grid-cols-4 gap-x-2 gap-y-4 sm:grid-cols-8">
      {wizardSteps.map((title, index) => {
        const number = index + 1;
        const isCurrent = number === currentStep;
        const isDone = number < currentStep;
        return (
          <li
            key={title}
            aria-current={isCurrent ? 'step' : undefined}
            className="flex flex-col items-center gap-2 text-center"
          >
            <span
              aria-hidden="true"
              className={cn(
                'grid size-8 place-items-center rounded-full text-sm font-semibold',
                isCurrent && 'bg-primary-600 text-white ring-4 ring-primary-100',
                isDone && 'bg-primary-100 text-primary-700',
                !isCurrent && !isDone && 'bg-slate-100 text-slate-500',
              )}
            >
              {number}
            </span>
            <span
              className={cn(
                'text-xs leading-tight sm:text-sm',
                isCurrent ? 'font-semibold text-primary-700' : 'text-slate-600',
              )}
            >
              {title}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
