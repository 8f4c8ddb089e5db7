import { inertText } from './inert-text.js';

/**
 * CSV as every export of the product writes it, one convention for all (the invoices register, the
 * FEC journal, the event log): fields separated by `;`, decimal commas, UTF-8 with a BOM, CRLF, so
 * that a French spreadsheet opens it as it is.
 */
export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';
export const CSV_NEWLINE = '\r\n';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return at its start)
 * is prefixed with a quote, as OWASP recommends against CSV injection. Bidi and control characters go
 * first (`inertText`): a name read backwards is not shown, and one hides no formula behind them. A
 * number we wrote ourselves (an amount « -12,50 ») is left as it is: pass it through `csvNumber`.
 */
export function csvText(raw: string): string {
  const value = inertText(raw);
  const neutral = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n\t]/.test(neutral) ? `"${neutral.replaceAll('"', '""')}"` : neutral;
}

/** A number or amount the product formatted itself: never a formula, so never prefixed. */
export function csvNumber(value: string): string {
  if (!/^-?\d+(,\d+)?$/.test(value)) throw new Error(`csvNumber: not a number: ${value}`);
  return value;
}

/** Cents as a French spreadsheet reads an amount: « -1234,56 », no thousands separator. */
export const csvAmount = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

/** One line of already-formatted cells. */
export const csvLine = (cells: readonly string[]): string => cells.join(CSV_SEPARATOR);
