import {
  assetOptions,
  billingPeriods,
  creationOptions,
  dnsTypes,
  domainExtensions,
  fontKeys,
  hostingTypes,
  styleKeys,
  templateKeys,
} from '@coseso/event-schemas/order/order-keys';
import { isInvoiceableAddress } from '../invoices/french-address.js';
import { isValidSiren, isValidSiret } from '../invoices/siren.js';
import { EMAIL_MAX_LENGTH, emailAddressMessage, isValidEmail } from '../shared/email-address.js';
import { hasInvisibleControls, invisibleControlsMessage } from '../shared/inert-text.js';
import { normalizeWebUrl } from './url.js';

export { EMAIL_MAX_LENGTH, isValidEmail };

/**
 * The wizard's field rules, declared once: the API's DTOs (class-validator) and the SPA's form
 * schemas (zod) are both built from this table, and a parity test keeps them answering alike.
 *
 * A draft is saved as it is typed, so it is only held to the shape of each field (type, length,
 * known choice, and the formats marked `inDrafts`). Completing the wizard also requires the
 * `required` fields and every format.
 */
export type FieldRule =
  | {
      readonly kind: 'text';
      readonly maxLength: number;
      /** The message when the field is missing or blank at completion; absent when optional. */
      readonly required?: string;
      readonly format?: FieldFormat;
    }
  | {
      readonly kind: 'choice';
      readonly values: readonly string[];
      readonly required?: string;
    };

export interface FieldFormat {
  /** Called on a non-blank value only (a blank optional field has no format), unless `blankToo`. */
  readonly test: (value: string) => boolean;
  /** The French message; a function when it depends on what was typed. */
  readonly message: string | ((value: string) => string);
  /** Checked on every save, not only at completion (a colour picker never sends a half-typed value). */
  readonly inDrafts?: boolean;
  /** A blank value breaks the format too (a colour is never "no colour"). */
  readonly blankToo?: boolean;
}

/** Whether `value` (a string) breaks `format`. */
export const breaksFormat = (format: FieldFormat, value: string) =>
  (format.blankToo || !isBlank(value)) && !format.test(value);

/** The message of `format` for `value`. */
export const formatMessage = (format: FieldFormat, value: string) =>
  typeof format.message === 'string' ? format.message : format.message(value);

export type RuleMode = 'draft' | 'completion';

const PHONE_SEPARATORS = /[\s.\-()]/g;
/**
 * A French number (0 and nine digits) or an international one (+ or 00, then 8 to 15 digits),
 * written with or without spaces, dots, dashes or brackets.
 */
export const isValidPhone = (phone: string) => {
  const digits = phone.trim().replace(PHONE_SEPARATORS, '');
  return /^0[1-9]\d{8}$/.test(digits) || /^(\+|00)[1-9]\d{7,14}$/.test(digits);
};

const companyIdDigits = (value: string) => value.replace(/[\s.]/g, '');
/** A SIREN (9 digits) or a SIRET (14 digits) whose check digit holds (Luhn; La Poste's own rule). */
export const isSirenOrSiret = (value: string) => {
  const digits = companyIdDigits(value);
  return digits.length === 9 ? isValidSiren(digits) : isValidSiret(digits);
};
/** Why a SIREN or SIRET is refused: its length, or a check digit that does not hold (a mistyped digit). */
export function companyIdMessage(value: string): string {
  const digits = companyIdDigits(value);
  if (!/^\d+$/.test(digits)) return 'Le SIREN ou le SIRET ne contient que des chiffres';
  if (digits.length !== 9 && digits.length !== 14) {
    return `Le SIREN compte 9 chiffres et le SIRET 14 : vous en avez saisi ${digits.length}`;
  }
  const kind = digits.length === 9 ? 'SIREN' : 'SIRET';
  return `Ce ${kind} n'existe pas : un chiffre est probablement mal saisi (sa clé de contrôle ne correspond pas)`;
}
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Messages of the shape checks, the same for every field. */
export const shapeMessages = {
  text: 'Ce champ doit être un texte',
  tooLong: (maxLength: number) => `Ce champ ne doit pas dépasser ${maxLength} caractères`,
  choice: (values: readonly string[]) => `Choix inconnu : ${values.join(', ')}`,
} as const;

const text = (maxLength: number, extra: { required?: string; format?: FieldFormat } = {}): FieldRule => ({
  kind: 'text',
  maxLength,
  ...extra,
});
const choice = (values: readonly string[], required?: string): FieldRule => ({
  kind: 'choice',
  values,
  ...(required ? { required } : {}),
});
const colour: FieldFormat = {
  test: (value) => HEX_COLOR.test(value),
  message: 'Couleur invalide : utilisez le format #rrggbb',
  inDrafts: true,
  blankToo: true,
};

// A name the team reads (panel, list, emails, PDFs, CSV) holds no bidi nor control character: one
// that reads backwards is refused as it is typed (drafts too), not only at completion.
const name: FieldFormat = {
  test: (value) => !hasInvisibleControls(value),
  message: invisibleControlsMessage,
  inDrafts: true,
};

/** The wizard's fields, in the order of its steps (the first problem found is the one shown). */
export const orderFieldRules = {
  companyName: text(200, { required: "Le nom de l'entreprise est requis", format: name }),
  companySector: text(200, { required: "Le secteur d'activité est requis" }),
  // Printed on every invoice (art. L441-9 of the Code de commerce): required, with its postcode and city.
  companyAddress: text(1000, {
    required: "L'adresse postale de l'entreprise est requise : elle figure sur vos factures",
    format: {
      test: isInvoiceableAddress,
      message:
        'Indiquez le numéro et la rue, puis le code postal et la ville (ex. : 12 rue des Lilas, 75012 Paris)',
    },
  }),
  companyId: text(30, { format: { test: isSirenOrSiret, message: companyIdMessage } }),
  companyDescription: text(2000),
  contactFirstName: text(100, { required: 'Le prénom est requis', format: name }),
  contactLastName: text(100, { required: 'Le nom est requis', format: name }),
  contactPosition: text(100, { format: name }),
  contactEmail: text(EMAIL_MAX_LENGTH, {
    required: 'Email invalide',
    format: { test: isValidEmail, message: emailAddressMessage },
  }),
  contactPhone: text(40, { format: { test: isValidPhone, message: 'Numéro de téléphone invalide' } }),
  socialMedia: text(1000),
  creationOption: choice(creationOptions),
  selectedTemplate: choice(templateKeys, 'Veuillez choisir un type de site'),
  selectedStyle: choice(styleKeys),
  fontFamily: choice(fontKeys),
  primaryColor: text(7, { format: colour }),
  secondaryColor: text(7, { format: colour }),
  inspirationUrl: text(2000, {
    format: { test: (value) => normalizeWebUrl(value) !== null, message: 'URL invalide' },
  }),
  customInspiration: text(2000),
  logoOption: choice(assetOptions),
  contentOption: choice(assetOptions),
  billingPeriod: choice(billingPeriods, 'Veuillez choisir un rythme de paiement'),
  clientRemarks: text(5000),
  pages: text(1000),
} as const satisfies Record<string, FieldRule>;

/** The hosting step's own fields (`hostingOptions.*`). */
export const hostingFieldRules = {
  hostingType: choice(hostingTypes),
  dnsType: choice(dnsTypes),
  newDomainName: text(253),
  domainExtension: choice(domainExtensions),
  existingDomain: text(253),
} as const satisfies Record<string, FieldRule>;

export type OrderFieldName = keyof typeof orderFieldRules;
export type HostingFieldName = keyof typeof hostingFieldRules;

/** A rule as it applies in one mode: drafts require nothing and check only the formats marked for them. */
export function ruleIn(rule: FieldRule, mode: RuleMode): FieldRule {
  if (mode === 'completion') return rule;
  if (rule.kind === 'choice') return { kind: 'choice', values: rule.values };
  return {
    kind: 'text',
    maxLength: rule.maxLength,
    ...(rule.format?.inDrafts ? { format: rule.format } : {}),
  };
}

export const isBlank = (value: string) => value.trim() === '';
