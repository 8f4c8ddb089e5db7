/**
 * The monthly plan renews every calendar month, on the day of the month it started (as Stripe's
 * `interval: 'month'` does): from 31 January, the next period starts on the last day of February,
 * then on 31 March.
 */
export function addCalendarMonths(start: Date, months: number): Date {
  const target = new Date(start.getTime());
  const day = start.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** How the client reads the rhythm of the monthly plan, everywhere it is told. */
export const MONTHLY_RENEWAL_TEXT = 'chaque mois, à la date anniversaire du premier paiement';
