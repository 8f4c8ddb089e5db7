// A no-break space in both places keeps a price on one line; Intl would use U+202F for thousands,
// which some fonts lack and which differs between Node and browser ICU versions.
const NBSP = '\u00a0';

export interface FormatEurosOptions {
  /** 'always' (default) writes ",00"; 'auto' drops it for whole euros. */
  decimals?: 'always' | 'auto';
}

/** French euro amount from integer cents: 123456 -> "1 234,56 €" (no-break spaces). */
export function formatEuros(cents: number, { decimals = 'always' }: FormatEurosOptions = {}): string {
  const rounded = Math.round(cents);
  const absolute = Math.abs(rounded);
  const euros = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const rest = absolute % 100;
  const fraction = decimals === 'auto' && rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`;
  return `${rounded < 0 ? '-' : ''}${euros}${fraction}${NBSP}€`;
}

export function formatEurosHT(cents: number, options?: FormatEurosOptions): string {
  return `${formatEuros(cents, options)}${NBSP}HT`;
}

export function formatEurosTTC(cents: number, options?: FormatEurosOptions): string {
  return `${formatEuros(cents, options)}${NBSP}TTC`;
}
