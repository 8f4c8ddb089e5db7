import { percentOf, roundDiv, splitDeposit, withVat, withoutVat } from './money.js';

describe('money helpers', () => {
  test.each([
    [10, 4, 3],
    [6, 4, 2],
    [5, 10, 1],
    [4, 10, 0],
    [19_900, 12, 1_658],
    [0, 12, 0],
  ])('roundDiv(%i, %i) = %i (half up)', (numerator, denominator, expected) => {
    expect(roundDiv(numerator, denominator)).toBe(expected);
  });

  test.each([
    [34_800, 41_760],
    [7_900, 9_480],
    [3_770, 4_524],
    [1, 1],
    [3, 4],
    [0, 0],
  ])('withVat(%i) = %i (20%%, rounded to the cent)', (amount, expected) => {
    expect(withVat(amount)).toBe(expected);
    expect(percentOf(amount, 20)).toBe(expected - amount);
  });

  test.each([
    [41_760, 34_800],
    [9_480, 7_900],
    [4_524, 3_770],
    [35_820, 29_850],
    [1, 1],
    [0, 0],
  ])('withoutVat(%i) = %i', (amountWithVat, expected) => {
    expect(withoutVat(amountWithVat)).toBe(expected);
  });

  test.each([
    [41_760, 20_880, 20_880],
    [101, 51, 50],
    [1, 1, 0],
    [0, 0, 0],
  ])('splitDeposit(%i) = %i + %i, the odd cent going to the deposit', (amount, deposit, balance) => {
    expect(splitDeposit(amount)).toEqual({ deposit, balance });
  });

  it('splits every amount into two parts summing to it, the deposit never smaller', () => {
    for (let amount = 0; amount < 2_000; amount++) {
      const { deposit, balance } = splitDeposit(amount);
      expect(deposit + balance).toBe(amount);
      expect(deposit - balance).toBeGreaterThanOrEqual(0);
      expect(deposit - balance).toBeLessThanOrEqual(1);
    }
  });
});
