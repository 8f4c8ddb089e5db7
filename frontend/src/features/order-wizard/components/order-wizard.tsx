import { type OrderForm } from '@coseso/domain/orders/order-form';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { WIZARD_STEP_COUNT, wizardSteps } from '@coseso/domain/orders/wizard';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type FieldPath, FormProvider, useForm } from 'react-hook-form';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { isApiError } from '@/lib/api';
import { catalogueQueryOptions } from '@/lib/catalogue';
import { Button } from '@/ui/button';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { completeOrder } from '../api/complete-order';
import { useAutosave } from '../hooks/use-autosave';
import { type AutosaveOutcome } from '../utils/progress-saver';
import { EMAIL_TAKEN, isEmailTakenByAnother } from '../hooks/use-email-check';
import { copyText } from '../utils/copy-text';
import { type WizardContext, allProblems, firstStepOf, wizardResolver } from '../utils/wizard-problems';
import { type LastOrderPrefill } from '../utils/last-order-prefill';
import { AUTOSAVE_DELAY_MS, startingStep } from '../utils/wizard-step';
import { type WizardValues, contentFingerprint, toOrderForm, toWizardValues } from '../utils/wizard-values';
import { CompanyStep } from './steps/company-step';
import { ContactStep } from './steps/contact-step';
import { CreationStep } from './steps/creation-step';
import { HostingStep } from './steps/hosting-step';
import { LogoContentStep } from './steps/logo-content-step';
import { OptionsStep } from './steps/options-step';
import { SummaryStep } from './steps/summary-step';
import { TemplateStyleStep } from './steps/template-style-step';
import { WizardHeader } from './wizard-header';

const COMPLETION_STEP = WIZARD_STEP_COUNT - 1;
const CONTACT_STEP = 2;

const stepIntros: Record<number, string> = {
  1: 'Présentez-nous votre entreprise.',
  2: 'Qui sera notre interlocuteur pour votre projet ?',
  3: 'Fait Maison ou IA : choisissez comment votre site est créé.',
  4: 'Choisissez le type de site, puis son style, vos couleurs et votre police.',
  5: 'Dites-nous si vous avez déjà un logo et vos textes.',
  6: 'Les fonctionnalités incluses dans votre site et les options à ajouter.',
  7: 'Où votre site sera hébergé, son nom de domaine et les services associés.',
  8: 'Vérifiez votre commande, choisissez votre rythme de paiement, puis payez en ligne.',
};

interface OrderWizardProps {
  order: OrderView;
  /** A signed-in client's new order: the company and contact of their last order, to start from. */
  prefill?: LastOrderPrefill | null;
  /** The server completed the order: this is the order it answered with. */
  onCompleted: (order: OrderView) => void;
  /** A save changed a completed order, which the server reopened: the order needs reloading. */
  onReopened: () => void;
}

export function OrderWizard({ order, prefill, onCompleted, onReopened }: OrderWizardProps) {
  const queryClient = useQueryClient();
  const [initialValues] = useState(() => ({ ...toWizardValues(order), ...prefill?.values }));
  const [initialStep] = useState(() => startingStep(order.currentStep));
  const [step, setStep] = useState(initialStep);
  // The answers the server completed the order with; payment needs them unchanged.
  const [completedFingerprint, setCompletedFingerprint] = useState(() =>
    order.formCompleted ? contentFingerprint(toOrderForm(initialValues)) : null,
  );

  const form = useForm<WizardValues, WizardContext>({
    defaultValues: initialValues,
    resolver: wizardResolver,
    context: { step },
    mode: 'onTouched',
  });

  const formCompleted = order.formCompleted;
  const onSaved = useCallback(
    ({ result, changedContent }: AutosaveOutcome) => {
      if (result.saved && changedContent && formCompleted) onReopened();
    },
    [formCompleted, onReopened],
  );
  const saver = useAutosave({ orderId: order.id, form, initialStep, onSaved });
  // The answers taken from the last order are the order's own once saved, as if typed.
  const [savedBeforePrefill] = useState(() => (prefill ? toOrderForm(toWizardValues(order)) : null));
  useEffect(() => {
    if (!savedBeforePrefill) return;
    saver.markSaved(initialStep, savedBeforePrefill);
    saver.schedule(AUTOSAVE_DELAY_MS);
  }, [savedBeforePrefill, saver, initialStep]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // Spec §2: moving to step 7 scrolls to the top; every step does, with focus on its title.
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  const goTo = (next: number) => {
    setStep(next);
    // A new step starts fresh: its fields are validated on blur, not on every keystroke.
    form.reset(undefined, { keepValues: true, keepDirty: true, keepDefaultValues: true });
    void saver.flush(next);
  };

  const isCompleted = (values: WizardValues) =>
    formCompleted && completedFingerprint === contentFingerprint(toOrderForm(values));

  /** Shows problems on their fields and opens the first step holding one; false when none is a wizard field. */
  const showProblems = (problems: Record<string, string>): boolean => {
    const target = firstStepOf(Object.keys(problems));
    if (target === undefined) return false;
    for (const [field, message] of Object.entries(problems)) {
      form.setError(field as FieldPath<WizardValues>, { type: 'server', message });
    }
    if (target !== step) goTo(target);
    else {
      const first = Object.keys(problems).find((field) => firstStepOf([field]) === target);
      if (first) form.setFocus(first as FieldPath<WizardValues>);
    }
    return true;
  };

  const completion = useMutation({
    mutationFn: (payload: OrderForm) =>
      saver.exclusive(async () => {
        const seen = queryClient.getQueryData(catalogueQueryOptions().queryKey)?.version;
        const result = await completeOrder(order.id, payload, seen);
        saver.markSaved(WIZARD_STEP_COUNT, payload);
        return result;
      }),
    onSuccess: ({ order: completed }, payload) => {
      setCompletedFingerprint(contentFingerprint(payload));
      onCompleted(completed);
      setStep(WIZARD_STEP_COUNT);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 400 && error.fields && showProblems({ ...error.fields }))
        return;
      if (isApiError(error) && error.code === ErrorCode.ORDER_PRICES_CHANGED) {
        // The recap is priced again at the version now in force before the visitor validates again.
        void queryClient.invalidateQueries({ queryKey: catalogueQueryOptions().queryKey });
        setStep(WIZARD_STEP_COUNT);
        showErrorToast('Nos tarifs ont changé', error.message);
        return;
      }
      console.warn('Finalisation de la commande impossible', error);
      showErrorToast('Erreur de finalisation', 'Impossible de finaliser la commande. Veuillez réessayer.');
    },
  });

  const complete = () => {
    if (completion.isPending) return;
    const values = form.getValues();
    if (showProblems(allProblems(values))) return;
    if (isCompleted(values)) {
      goTo(WIZARD_STEP_COUNT);
      return;
    }
    completion.mutate(toOrderForm(values));
  };

  // Through handleSubmit: after a refused attempt the fields re-validate as they are typed in, so a
  // message does not vanish on the blur of the click that follows, shifting the button away from it.
  const next = form.handleSubmit(async (values) => {
    if (step === CONTACT_STEP && (await isEmailTakenByAnother(queryClient, values.contactEmail))) {
      form.setError('contactEmail', { type: 'server', message: EMAIL_TAKEN }, { shouldFocus: true });
      return;
    }
    if (step === COMPLETION_STEP) complete();
    else goTo(Math.min(step + 1, WIZARD_STEP_COUNT));
  });

  const resumeLater = async () => {
    void saver.flush();
    const link = `${window.location.origin}/order-form/${order.id}`;
    if (await copyText(link)) showSuccessToast('Lien copié !', 'Reprenez votre demande quand vous voulez');
    else showErrorToast('Copie impossible', `Notez ce lien pour reprendre plus tard : ${link}`);
  };

  const steps: Record<number, ReactNode> = {
    1: <CompanyStep />,
    2: <ContactStep orderId={order.id} />,
    3: <CreationStep />,
    4: <TemplateStyleStep />,
    5: <LogoContentStep />,
    6: <OptionsStep />,
    7: <HostingStep />,
    8: (
      <SummaryStep
        orderId={order.id}
        isCompleted={isCompleted}
        depositPaid={order.depositPaid}
        validating={completion.isPending}
        onValidate={complete}
        onEditStep={goTo}
      />
    ),
  };
  const title = wizardSteps[step - 1]?.title;

  return (
    <div className="flex flex-col gap-8">
      <WizardHeader step={step} orderNumber={order.orderNumber} onResumeLater={() => void resumeLater()} />

      <FormProvider {...form}>
        <form
          noValidate
          aria-labelledby="wizard-step-title"
          className="flex flex-col gap-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
          onSubmit={(event) => {
            // Spec §5: only the last step submits; Enter in a field elsewhere must not move on.
            event.preventDefault();
            if (step === WIZARD_STEP_COUNT && !isCompleted(form.getValues())) complete();
          }}
        >
          <div className="flex flex-col gap-1">
            <h2
              id="wizard-step-title"
              ref={headingRef}
              tabIndex={-1}
              className="text-xl font-semibold text-slate-900 focus:outline-none sm:text-2xl"
            >
              {title}
            </h2>
            <p className="text-slate-600">{stepIntros[step]}</p>
          </div>

          {prefill && step <= CONTACT_STEP && (
            <p
              role="note"
              className="rounded-xl bg-primary-50 px-4 py-3 text-sm text-primary-900"
              data-testid="prefilled-from-last-order"
            >
              Nous avons repris {step === 1 ? 'votre entreprise' : 'vos coordonnées'} de votre commande n°{' '}
              {prefill.orderNumber} : vérifiez-les et modifiez-les si besoin.
            </p>
          )}

          {steps[step]}

          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-6">
            <Button variant="outline" onClick={() => goTo(step - 1)} disabled={step === 1}>
              <ArrowIcon direction="left" />
              Précédent
            </Button>
            <p className="order-last w-full text-center text-xs text-slate-500 sm:order-none sm:w-auto">
              Vos réponses sont enregistrées automatiquement.
            </p>
            {step < WIZARD_STEP_COUNT && (
              <Button
                onClick={() => void next()}
                pending={completion.isPending}
                pendingLabel="Finalisation..."
              >
                Suivant
                <ArrowIcon direction="right" />
              </Button>
            )}
          </div>
        </form>
      </FormProvider>
    </div>
  );
}

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className={direction === 'left' ? 'size-5 rotate-180' : 'size-5'}
    >
      <path
        fillRule="evenodd"
        d="M3 10a.75.75 0 0 1 .75-.75h10.64l-3.96-3.96a.75.75 0 1 1 1.06-1.06l5.25 5.25a.75.75 0 0 1 0 1.06l-5.25 5.25a.75.75 0 1 1-1.06-1.06l3.96-3.96H3.75A.75.75 0 0 1 3 10Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
