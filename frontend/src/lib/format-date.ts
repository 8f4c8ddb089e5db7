import { CUSTOMER_TIME_ZONE } from '@coseso/domain/shared/customer-time-zone';

// In Paris wherever the browser is, as the emails and the dates the server counts on the calendar.
const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: CUSTOMER_TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: CUSTOMER_TIME_ZONE,
});

const parse = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** "3 mars 2026"; an unreadable date gives an empty string rather than "Invalid Date". */
export function formatDate(value: string | Date): string {
  const date = parse(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** "3 mars 2026 à 14:05", Paris time. */
export function formatDateTime(value: string | Date): string {
  const date = parse(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}
