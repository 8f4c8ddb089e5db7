import {
  type AgencyIdentity,
  type AgencyIdentityField,
} from '@coseso/event-schemas/identity/identity-events';
import { identityProblems, normalizedIdentity } from '@coseso/domain/identity/identity-rules';
import { type VersionFields } from '@/lib/version-diff';

/** Each field's name on the form, in the history and in a diff (the invoices' seller block, in order). */
export const identityFieldLabels: Record<AgencyIdentityField, string> = {
  name: 'Raison sociale',
  legalForm: 'Forme juridique',
  street: 'Adresse du siège',
  postcode: 'Code postal',
  city: 'Ville',
  siret: 'SIRET du siège',
  rcsCity: 'Ville du greffe (RCS)',
  vatNumber: 'Numéro de TVA intracommunautaire',
  shareCapitalEuros: 'Capital social (€)',
  email: 'E-mail de facturation',
  iban: 'IBAN',
};

const euros = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

export const identityVersionFields: VersionFields = {
  label: (path) => identityFieldLabels[path[0] as AgencyIdentityField] ?? null,
  value: (path, value) =>
    path[0] === 'shareCapitalEuros' && typeof value === 'number' ? `${euros.format(value)} €` : String(value),
};

/** The form's values: every field typed as text, the capital too, and why. */
export type IdentityFormValues = Record<AgencyIdentityField, string> & { reason: string };

export const formValuesOf = (identity: AgencyIdentity): IdentityFormValues => ({
  ...identity,
  shareCapitalEuros: String(identity.shareCapitalEuros),
  reason: '',
});

/** The identity the form sends: as typed, tidied as the server tidies it (spaces out of the SIRET…). */
export function identityOf(values: IdentityFormValues): AgencyIdentity {
  const capital = values.shareCapitalEuros.replace(/[\s\u202f\u00a0]/g, '');
  return normalizedIdentity({
    ...values,
    shareCapitalEuros: /^\d+$/.test(capital) ? Number(capital) : Number.NaN,
  });
}

/**
 * What the form says under each field, in French: the domain's rules, the ones the server holds a
 * change to (`identityProblems`), so the page and the API never disagree; and a reason.
 */
export function identityFormProblems(
  values: IdentityFormValues,
): Partial<Record<keyof IdentityFormValues, string>> {
  const problems: Partial<Record<keyof IdentityFormValues, string>> = identityProblems(identityOf(values));
  if (values.reason.trim() === '') problems.reason = 'Indiquez la raison du changement.';
  return problems;
}
