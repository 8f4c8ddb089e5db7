import { hasInvisibleControls, inertName, inertStrings, inertText } from './inert-text.js';

const bidiControls = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];

describe('inert text (bidi and control characters)', () => {
  it.each(bidiControls.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))(
    'finds and removes %s in a name',
    (_, control) => {
      const name = `Boulangerie${control}fdp.exe`;
      expect(hasInvisibleControls(name)).toBe(true);
      expect(inertText(name)).toBe('Boulangeriefdp.exe');
    },
  );

  it('removes C0 and C1 controls, keeps the lines of a message', () => {
    expect(inertText('a\u0000b\u0007c\u001Bd\u0085e\u009Bf')).toBe('abcdef');
    expect(inertText('ligne 1\r\nligne 2\tfin')).toBe('ligne 1\r\nligne 2\tfin');
    expect(hasInvisibleControls('Atelier\nLumière')).toBe(true);
  });

  it('leaves every written script alone: accents, Arabic, Hebrew, emoji', () => {
    for (const name of ["L'Atelier Lumière", 'مخبز الأمل', 'מאפיית שלום', 'Café ☕ & Co', 'Zoë–Œuvre']) {
      expect(hasInvisibleControls(name)).toBe(false);
      expect(inertText(name)).toBe(name);
    }
  });

  it('goes through absent values and whole objects', () => {
    expect(inertName(null)).toBeNull();
    expect(inertName(undefined)).toBeUndefined();
    expect(
      inertStrings({ a: 'x\u202Ey', b: ['\u2066z'], n: 3, nested: { c: 'd\u200F' }, none: null }),
    ).toEqual({
      a: 'xy',
      b: ['z'],
      n: 3,
      nested: { c: 'd' },
      none: null,
    });
  });
});
