import {
  DEPOSIT_PERCENT,
  MONTHLY_PLAN_MARKUP_PERCENT,
  MONTHS_PER_YEAR,
  VAT_RATE_PERCENT,
} from './pricing-grid.js';

/** numerator / denominator rounded half up, in integers only, for non-negative amounts in cents. */
export function roundDiv(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function percentOf(amount: number, percent: number): number {
  return roundDiv(amount * percent, 100);
}

export function withVat(amountHT: number, vatRatePercent = VAT_RATE_PERCENT): number {
  return amountHT + percentOf(amountHT, vatRatePercent);
}

/** The amount before VAT of an amount VAT included (invoices split what was paid). */
export function withoutVat(amountWithVat: number): number {
  return roundDiv(amountWithVat * 100, 100 + VAT_RATE_PERCENT);
}

/** The deposit takes the odd cent, so that deposit + balance is always the amount split. */
export function splitDeposit(
  amount: number,
  depositPercent = DEPOSIT_PERCENT,
): { deposit: number; balance: number } {
  const deposit = amount - Math.floor((amount * (100 - depositPercent)) / 100);
  return { deposit, balance: amount - deposit };
}

/** Monthly plan: the year's total HT / 12 plus the 30% markup, rounded once from the exact yearly sum. */
export function monthlyPlanAmountHT(
  yearlyTotalHT: number,
  markupPercent = MONTHLY_PLAN_MARKUP_PERCENT,
): number {
  return roundDiv(yearlyTotalHT * (100 + markupPercent), MONTHS_PER_YEAR * 100);
}
