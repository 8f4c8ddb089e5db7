/** The Luhn checksum that INSEE's SIREN (9 digits) and SIRET (14 digits) numbers carry. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const compact = (value: string) => value.replace(/[\s.]/g, '');

export const isValidSiren = (value: string) => /^\d{9}$/.test(compact(value)) && passesLuhn(compact(value));

/** A SIRET is its company's SIREN and a 5-digit establishment number; La Poste's establishments use a digit sum instead of Luhn. */
export function isValidSiret(value: string): boolean {
  const siret = compact(value);
  if (!/^\d{14}$/.test(siret) || !isValidSiren(siret.slice(0, 9))) return false;
  if (siret.startsWith('356000000')) return [...siret].reduce((sum, d) => sum + Number(d), 0) % 5 === 0;
  return passesLuhn(siret);
}

/** The French intra-community VAT number of a SIREN: FR, a 2-digit key, the SIREN. */
export function frenchVatNumber(siren: string): string {
  const digits = compact(siren);
  const key = (12 + 3 * (Number(digits) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${digits}`;
}

/** "123456782" → "123 456 782", as French documents print a SIREN. */
export const formatSiren = (siren: string) => compact(siren).replace(/^(\d{3})(\d{3})(\d{3})/, '$1 $2 $3');

/** "84215370200019" → "842 153 702 00019". */
export const formatSiret = (siret: string) =>
  compact(siret).replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4');

/** An IBAN (ISO 13616) without spaces: country, two check digits, the account; its mod-97 check holds. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}
