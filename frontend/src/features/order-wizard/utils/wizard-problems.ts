import { completionProblems } from '@coseso/domain/orders/order-form-rules';
import { WIZARD_STEP_COUNT, stepProblems, wizardSteps } from '@coseso/domain/orders/wizard';
import { type FieldErrors, type Resolver } from 'react-hook-form';
import { type WizardValues, toOrderForm } from './wizard-values';

/** The step whose fields include this path ("hostingOptions.existingDomain" belongs to step 7). */
function stepOfField(path: string): number | undefined {
  return wizardSteps.find(({ fields }) =>
    (fields as readonly string[]).some((field) => path === field || path.startsWith(`${field}.`)),
  )?.step;
}

/**
 * The form as typed, for checking: the colours too, which toOrderForm leaves out of a save while
 * they are not #rrggbb, so that a half-typed colour is shown as such.
 */
const asTyped = (values: WizardValues) => ({
  ...toOrderForm(values),
  primaryColor: values.primaryColor,
  secondaryColor: values.secondaryColor,
});

/** What stops the visitor from leaving a step: the server's completion rules for its fields. */
function wizardStepProblems(step: number, values: WizardValues): Record<string, string> {
  return stepProblems(step, asTyped(values));
}

/** Every problem of the whole wizard, as the server would list them at completion. */
export function allProblems(values: WizardValues): Record<string, string> {
  return completionProblems(asTyped(values));
}

/** The first step holding one of these fields, or undefined when none is a wizard field. */
export function firstStepOf(fields: Iterable<string>): number | undefined {
  let first: number | undefined;
  for (const field of fields) {
    const step = stepOfField(field);
    if (step !== undefined && (first === undefined || step < first)) first = step;
  }
  return first;
}

export function toFieldErrors(problems: Record<string, string>): FieldErrors<WizardValues> {
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(problems)) {
    const keys = path.split('.');
    let node = errors;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) node[key] = { type: 'validate', message };
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  return errors as FieldErrors<WizardValues>;
}

export interface WizardContext {
  step: number;
}

/** Validates the step on screen only: the other steps are checked when the visitor reaches them. */
export const wizardResolver: Resolver<WizardValues, WizardContext> = (values, context) => {
  const step = Math.min(Math.max(context?.step ?? 1, 1), WIZARD_STEP_COUNT);
  const problems = wizardStepProblems(step, values);
  return Object.keys(problems).length === 0
    ? { values, errors: {} }
    : { values: {}, errors: toFieldErrors(problems) };
};
