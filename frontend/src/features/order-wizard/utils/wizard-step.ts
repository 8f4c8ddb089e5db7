import { WIZARD_STEP_COUNT } from '@coseso/domain/orders/wizard';

/** The step to open: the order's saved step, or the first one. */
export function startingStep(savedStep: number | null | undefined): number {
  if (!savedStep || !Number.isFinite(savedStep)) return 1;
  return Math.min(Math.max(Math.trunc(savedStep), 1), WIZARD_STEP_COUNT);
}

/** Free-text fields saved 3 s after a change rather than 2 s (spec §7): people type longer there. */
export const LONG_TEXT_FIELDS: ReadonlySet<string> = new Set([
  'companyAddress',
  'customInspiration',
  'clientRemarks',
  'socialMedia',
]);

export const AUTOSAVE_DELAY_MS = 2_000;
export const LONG_TEXT_AUTOSAVE_DELAY_MS = 3_000;
export const EMAIL_CHECK_DELAY_MS = 500;
