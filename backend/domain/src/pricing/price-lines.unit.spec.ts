import { optionAmountText } from './price-lines.js';

describe('optionAmountText', () => {
  test.each([
    [{ amountHT: 49_000, period: 'once' as const }, '490,00 € HT (une fois)'],
    [{ amountHT: 1_500, period: 'yearly' as const }, '15,00 € HT/an'],
    [{ amountHT: 4_900, period: 'monthly' as const }, '49,00 € HT/mois'],
  ])('writes %o as "%s"', (option, text) => {
    expect(optionAmountText(option)).toBe(text.replace(/ (?=€|HT)/g, '\u00a0'));
  });
});
