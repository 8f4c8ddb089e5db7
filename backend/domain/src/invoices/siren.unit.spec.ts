import {
  formatSiren,
  formatSiret,
  frenchVatNumber,
  isValidSiren,
  isValidSiret,
  passesLuhn,
} from './siren.js';

describe('SIREN, SIRET and the French VAT number', () => {
  test.each(['842153702', '842 153 702', '512349879'])('%s is a SIREN', (siren) => {
    expect(isValidSiren(siren)).toBe(true);
  });

  test.each(['842153703', '84215370', '8421537020', 'ABCDEFGHI', ''])('%s is not', (siren) => {
    expect(isValidSiren(siren)).toBe(false);
  });

  test.each(['84215370200019', '842 153 702 00019', '51234987900001', '35600000009075'])(
    '%s is a SIRET',
    (siret) => {
      expect(isValidSiret(siret)).toBe(true);
    },
  );

  test.each([
    ['84215370200018', 'its own key is wrong'],
    ['84215370300017', 'its SIREN is wrong'],
    ['8421537020001', 'it is 13 digits'],
  ])('%s is not a SIRET: %s', (siret) => {
    expect(isValidSiret(siret)).toBe(false);
  });

  it('checks the Luhn sum', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });

  it('computes the VAT number of a SIREN (key = (12 + 3 × (SIREN mod 97)) mod 97)', () => {
    expect(frenchVatNumber('404833048')).toBe('FR83404833048');
    expect(frenchVatNumber('842 153 702')).toBe('FR88842153702');
  });

  it('prints them as French documents do', () => {
    expect(formatSiren('842153702')).toBe('842 153 702');
    expect(formatSiret('84215370200019')).toBe('842 153 702 00019');
  });
});
