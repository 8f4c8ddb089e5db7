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

/**
 * The day `iso` falls on in Paris, as YYYY-MM-DD. An ISO instant is read by one Intl formatter in
 * Paris time (the time zone data Temporal's polyfill reads too), far cheaper than a Temporal
 * conversion: the back-office's allowed actions ask it for every order listed. Anything else keeps
 * Temporal's reading, and its refusal.
 */
export const parisDate = (iso: string): string => {
  const ms = ISO_INSTANT.test(iso) ? Date.parse(iso) : Number.NaN;
  if (!writtenAs(ms, iso)) return inParis(iso).toPlainDate().toString();
  const parts = parisDay.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
};

/** Whether `ms` is the instant `iso` writes, digit for digit: Date.parse rolls 30 February over to March, Temporal refuses it. */
function writtenAs(ms: number, iso: string): boolean {
  if (Number.isNaN(ms)) return false;
  const offset = iso.endsWith('Z')
    ? 0
    : (iso.at(-6) === '-' ? -1 : 1) * (Number(iso.slice(-5, -3)) * 60 + Number(iso.slice(-2)));
  const wall = new Date(ms + offset * 60_000).toISOString();
  return (
    wall.slice(0, 16) === iso.slice(0, 16) && (iso[16] !== ':' || wall.slice(16, 19) === iso.slice(16, 19))
  );
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const parisDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: CUSTOMER_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

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
