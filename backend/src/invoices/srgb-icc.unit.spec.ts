import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SRGB_ICC_BASE64 } from './srgb-icc.js';

it('the output intent profile in the code is the sRGB ICC file kept beside it, byte for byte', () => {
  const file = readFileSync(join(import.meta.dirname, 'assets/sRGB.icc'));
  const inCode = Buffer.from(SRGB_ICC_BASE64, 'base64');
  expect(inCode.equals(file)).toBe(true);
  // An ICC display profile of RGB data, v2: what a PDF/A output intent for sRGB needs.
  expect(inCode.subarray(12, 20).toString('latin1')).toBe('mntrRGB ');
  expect(inCode.readUInt32BE(0)).toBe(inCode.length);
});
