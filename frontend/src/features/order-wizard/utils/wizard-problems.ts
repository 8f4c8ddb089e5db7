import { completionProblems } from '@coseso/domain/orders/order-form-rules';
import { WIZARD_STEP_COUNT, stepProblems, wizardSteps } from '@coseso/domain/orders/wizard';
import { type FieldErrors, type Resolver } from 'react-hook-form';
import { type WizardValues, toOrderForm } from './wizard-values';

const INVALID_COLOR = 'Couleur invalide : utilisez le format #rrggbb';
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** The step whose fields include this path ("hostingOptions.existingDomain" belongs to step 7). */
function stepOfField(path: string): number | undefined {
  return wizardSteps.find(({ fields }) =>
    (fields as readonly string[]).some((field) => path === field || path.startsWith(`${field}.`)),
  )?.step;
}

function colorProblems(values: WizardValues): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!HEX_COLOR.test(values.primaryColor)) problems['primaryColor'] = INVALID_COLOR;
  if (!HEX_COLOR.test(values.secondaryColor)) problems['secondaryColor'] = INVALID_COLOR;
  return problems;
}

/** What stops the visitor from leaving a step: the server's completion rules for it, plus the colours. */
function wizardStepProblems(step: number, values: WizardValues): Record<string, string> {
  return {
    ...stepProblems(step, toOrderForm(values)),
    ...(step === 4 ? colorProblems(values) : {}),
  };
}

/** Every problem of the whole wizard, as the server would list them at completion. */
export function allProblems(values: WizardValues): Record<string, string> {
  return { ...completionProblems(toOrderForm(values)), ...colorProblems(values) };
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
