const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

const parse = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** "3 mars 2026"; an unreadable date gives an empty string rather than "Invalid Date". */
export function formatDate(value: string | Date): string {
  const date = parse(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** "3 mars 2026 à 14:05", in the browser's time zone. */
export function formatDateTime(value: string | Date): string {
  const date = parse(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}
