import { formatEuros, formatEurosHT, formatEurosTTC } from './format-euros.js';

// Expected strings are written with ordinary spaces for readability; the module must emit U+00A0.
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('formatEuros', () => {
  test.each([
    [0, '0,00 €'],
    [5, '0,05 €'],
    [99, '0,99 €'],
    [34_800, '348,00 €'],
    [41_760, '417,60 €'],
    [99_999, '999,99 €'],
    [100_000, '1 000,00 €'],
    [123_456, '1 234,56 €'],
    [100_000_000, '1 000 000,00 €'],
    [-1_250, '-12,50 €'],
  ])('%i cents -> "%s"', (cents, expected) => {
    expect(formatEuros(cents)).toBe(nbsp(expected));
  });

  test.each([
    [0, '0 €'],
    [34_800, '348 €'],
    [41_760, '417,60 €'],
    [123_400, '1 234 €'],
  ])('decimals \'auto\': %i cents -> "%s"', (cents, expected) => {
    expect(formatEuros(cents, { decimals: 'auto' })).toBe(nbsp(expected));
  });

  it('separates with no-break spaces only, never U+202F nor a breaking space', () => {
    const text = formatEuros(123_456_789);
    expect(text).toBe('1\u00a0234\u00a0567,89\u00a0€');
    expect(text).not.toMatch(/[ \u202f]/);
  });

  it('suffixes HT and TTC after a no-break space', () => {
    expect(formatEurosHT(34_800)).toBe(nbsp('348,00 € HT'));
    expect(formatEurosTTC(41_760, { decimals: 'auto' })).toBe(nbsp('417,60 € TTC'));
  });
});
