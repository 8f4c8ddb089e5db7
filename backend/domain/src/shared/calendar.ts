import { Temporal } from 'temporal-polyfill';
import { CUSTOMER_TIME_ZONE } from './customer-time-zone.js';

/**
 * `iso` plus `months` months on the Paris calendar, as an ISO 8601 instant in UTC: the same day of
 * the month at the same wall-clock time, the last day when the month is shorter (31 January + 1
 * month = 28 or 29 February), in the Paris offset of the day reached (winter or summer time). An
 * hour that does not exist that day moves on to summer time; an hour that happens twice is its
 * first (Temporal's « compatible » reading, whatever the machine's own time zone).
 */
export function addCalendarMonths(iso: string, months: number): string {
  return instant(inParis(iso).add({ months }));
}

/** `iso` plus `years` years on the Paris calendar (29 February + 1 year = 28 February), as an ISO instant in UTC. */
export function addCalendarYears(iso: string, years: number): string {
  return instant(inParis(iso).add({ years }));
}

/** The day `iso` falls on in Paris, as YYYY-MM-DD. */
export const parisDate = (iso: string): string => inParis(iso).toPlainDate().toString();

/** Whether `day` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  try {
    return Temporal.PlainDate.from(day, { overflow: 'reject' }).toString() === day;
  } catch {
    return false;
  }
}

const inParis = (iso: string) => Temporal.Instant.from(iso).toZonedDateTimeISO(CUSTOMER_TIME_ZONE);
const instant = (date: Temporal.ZonedDateTime) => date.toInstant().toString({ fractionalSecondDigits: 3 });
