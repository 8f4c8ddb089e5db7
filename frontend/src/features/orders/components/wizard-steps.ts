export const wizardSteps = [
  'Entreprise',
  'Contact',
  'Type',
  'Template & style',
  'Logo & Contenu',
  'Options',
  'Hébergement',
  'Récapitulatif',
] as const;

export const wizardStepCount = wizardSteps.length;

/** The step to open: the order's saved step, or the first one. */
export function startingStep(savedStep: number | null | undefined): number {
  if (!savedStep || !Number.isFinite(savedStep)) return 1;
  return Math.min(Math.max(Math.trunc(savedStep), 1), wizardStepCount);
}
