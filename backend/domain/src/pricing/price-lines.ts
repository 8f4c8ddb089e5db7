import { type PricedOption } from './compute-order-price.js';
import { formatEurosHT } from './format-euros.js';

const PERIOD_SUFFIX: Record<PricedOption['period'], string> = {
  once: ' (une fois)',
  yearly: '/an',
  monthly: '/mois',
};

/** An option's amount with its period, as every document writes it: "15,00 € HT/an", "490,00 € HT (une fois)". */
export function optionAmountText(option: Pick<PricedOption, 'amountHT' | 'period'>): string {
  return `${formatEurosHT(option.amountHT)}${PERIOD_SUFFIX[option.period]}`;
}
