/**
 * The one rule for an email address, the mailer's: the wizard's form, `/api/check-email`, every
 * API field taking an address and the mailer all ask this module, so an address accepted at step 2
 * is an address the mailer sends to (decision 51).
 *
 * ASCII only: an accented local part needs SMTPUTF8 from every server on the way, and an accented
 * domain needs its punycode form; both are refused with a French message saying why, and the
 * visitor types an address without accents. A domain already written in punycode (`xn--…`) is
 * plain ASCII and accepted.
 */

/** The longest address (RFC 5321 path limit), checked by the forms and the API. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX_LENGTH = 64;
const LABEL_MAX_LENGTH = 63;

export const emailAddressMessages = {
  invalid: 'Email invalide',
  notAscii:
    'Email invalide : les adresses avec des accents ou des caractères spéciaux ne sont pas acceptées, indiquez une adresse sans accent',
} as const;

export type EmailAddressProblem = keyof typeof emailAddressMessages;

// RFC 5322 dot-atom: atext runs separated by single dots, none first or last.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// RFC 1035 hostname label: letters, digits and inner hyphens.
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
// A top-level domain: letters, or an internationalised one in its punycode form.
const TOP_LEVEL = /^(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]+)$/;
// eslint-disable-next-line no-control-regex
const NOT_ASCII = /[^\x00-\x7f]/;

/**
 * What is wrong with `value` as an address, or null when it is one the mailer sends to.
 * Surrounding spaces are ignored (the forms trim; the mailer sends `normalizeEmailAddress`).
 */
export function emailAddressProblem(value: string): EmailAddressProblem | null {
  const address = value.trim();
  if (NOT_ASCII.test(address)) return 'notAscii';
  if (address.length > EMAIL_MAX_LENGTH) return 'invalid';
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (at < 1 || local.length > LOCAL_MAX_LENGTH || !LOCAL_PART.test(local)) return 'invalid';
  const labels = domain.split('.');
  if (labels.length < 2 || !TOP_LEVEL.test(labels.at(-1)!)) return 'invalid';
  if (!labels.every((label) => label.length <= LABEL_MAX_LENGTH && LABEL.test(label))) return 'invalid';
  return null;
}

export const isValidEmail = (value: string): boolean => emailAddressProblem(value) === null;

/** The French message for `value`'s problem; the generic "Email invalide" when it has none. */
export const emailAddressMessage = (value: string): string =>
  emailAddressMessages[emailAddressProblem(value) ?? 'invalid'];

/** The address as it is sent: without the spaces around it. */
export const normalizeEmailAddress = (value: string): string => value.trim();
