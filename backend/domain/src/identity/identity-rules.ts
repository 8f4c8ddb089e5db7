import {
  type AgencyIdentity,
  type AgencyIdentityField,
  agencyIdentityFields,
} from '@coseso/event-schemas/identity/identity-events';
import { type SellerIdentity } from '../invoices/invoice-document.js';
import { frenchVatNumber, isValidIban, isValidSiret } from '../invoices/siren.js';

const MAX_LENGTHS: Partial<Record<AgencyIdentityField, number>> = {
  name: 200,
  legalForm: 100,
  street: 200,
  city: 100,
  rcsCity: 100,
};

const REQUIRED_LABELS: Record<AgencyIdentityField, string> = {
  name: 'La raison sociale est obligatoire.',
  legalForm: 'La forme juridique est obligatoire (SAS, SARL, EI…).',
  street: 'L’adresse du siège est obligatoire.',
  postcode: 'Le code postal est obligatoire.',
  city: 'La ville du siège est obligatoire.',
  siret: 'Le SIRET du siège est obligatoire.',
  rcsCity: 'La ville du greffe (RCS) est obligatoire.',
  vatNumber: 'Le numéro de TVA intracommunautaire est obligatoire.',
  shareCapitalEuros: 'Le capital social est obligatoire (0 pour une forme juridique sans capital).',
  email: 'L’adresse e-mail de facturation est obligatoire.',
  iban: 'L’IBAN est obligatoire.',
};

/** A RCS city: letters (accents), spaces, hyphens and apostrophes, as the registries' towns are written. */
const CITY = /^[\p{L}][\p{L}\s'’-]*$/u;

/**
 * What is wrong with an identity, field by field, in French; empty when it may be printed on an
 * invoice (Code de commerce L441-9, CGI art. 242 nonies A). The SIRET passes the same Luhn check as
 * the wizard's step 1; the VAT number is the one of the SIRET's SIREN (FR + its 2-digit key).
 */
export function identityProblems(identity: AgencyIdentity): Partial<Record<AgencyIdentityField, string>> {
  const problems: Partial<Record<AgencyIdentityField, string>> = {};
  for (const field of agencyIdentityFields) {
    const value = identity[field];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
      problems[field] = REQUIRED_LABELS[field];
    const max = MAX_LENGTHS[field];
    if (max !== undefined && typeof value === 'string' && value.length > max)
      problems[field] = `Ce champ ne doit pas dépasser ${max} caractères.`;
  }
  if (!problems.postcode && !/^\d{5}$/.test(identity.postcode))
    problems.postcode = 'Le code postal compte 5 chiffres.';
  if (!problems.siret) {
    if (!/^\d{14}$/.test(identity.siret))
      problems.siret = `Le SIRET compte 14 chiffres : vous en avez saisi ${identity.siret.replace(/\D/g, '').length}.`;
    else if (!isValidSiret(identity.siret))
      problems.siret =
        "Ce SIRET n'existe pas : un chiffre est probablement mal saisi (sa clé de contrôle ne correspond pas).";
  }
  if (!problems.rcsCity && !CITY.test(identity.rcsCity.trim()))
    problems.rcsCity =
      'La ville du greffe (RCS) ne contient que des lettres, espaces, tirets et apostrophes.';
  if (!problems.vatNumber) {
    if (!/^FR[0-9A-Z]{2}\d{9}$/.test(identity.vatNumber))
      problems.vatNumber = 'Le numéro de TVA s’écrit FR, une clé de 2 caractères et le SIREN (9 chiffres).';
    else if (!problems.siret && identity.vatNumber !== frenchVatNumber(identity.siret.slice(0, 9)))
      problems.vatNumber = `Ce numéro de TVA ne correspond pas au SIREN du SIRET : ce serait ${frenchVatNumber(identity.siret.slice(0, 9))}.`;
  }
  if (
    !problems.shareCapitalEuros &&
    (!Number.isInteger(identity.shareCapitalEuros) ||
      identity.shareCapitalEuros < 0 ||
      identity.shareCapitalEuros > 1_000_000_000)
  )
    problems.shareCapitalEuros = 'Le capital social est un nombre entier d’euros, de 0 à 1 milliard.';
  if (!problems.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(identity.email))
    problems.email = 'Cette adresse e-mail n’est pas valide.';
  if (!problems.iban && !isValidIban(identity.iban))
    problems.iban = 'Cet IBAN n’est pas valide (pays, clé, compte : sa clé de contrôle ne correspond pas).';
  return problems;
}

/** An identity as the back-office typed it: trimmed, the SIRET, IBAN and VAT number without spaces. */
export function normalizedIdentity(identity: AgencyIdentity): AgencyIdentity {
  const compact = (value: string) => value.replace(/[\s.]/g, '');
  return {
    name: identity.name.trim(),
    legalForm: identity.legalForm.trim(),
    street: identity.street.trim(),
    postcode: identity.postcode.trim(),
    city: identity.city.trim(),
    siret: compact(identity.siret),
    rcsCity: identity.rcsCity.trim(),
    vatNumber: compact(identity.vatNumber).toUpperCase(),
    shareCapitalEuros: identity.shareCapitalEuros,
    email: identity.email.trim(),
    iban: compact(identity.iban).toUpperCase(),
  };
}

/** The seller block an invoice or a contract prints, from an identity version. */
export function sellerOf(identity: AgencyIdentity): SellerIdentity {
  return {
    name: identity.name,
    legalForm: identity.legalForm,
    address: {
      line1: identity.street,
      line2: null,
      postcode: identity.postcode,
      city: identity.city,
      countryCode: 'FR',
    },
    siren: identity.siret.slice(0, 9),
    siret: identity.siret,
    rcs: `RCS ${identity.rcsCity}`,
    vatNumber: identity.vatNumber,
    shareCapital: identity.shareCapitalEuros > 0 ? identity.shareCapitalEuros * 100 : null,
    email: identity.email,
    iban: identity.iban,
  };
}

/** The fields whose value differs between two identities, in the form's order. */
export const changedIdentityFields = (before: AgencyIdentity, after: AgencyIdentity): AgencyIdentityField[] =>
  agencyIdentityFields.filter((field) => before[field] !== after[field]);
