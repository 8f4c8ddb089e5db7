import { contentDisposition, displayName } from './download-names.js';

describe('the name a file is shown and downloaded under', () => {
  it.each(['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'])(
    'has no bidi control (%j): facture‮gnp.exe.png reads as it is',
    (control) => {
      const name = displayName(`facture${control}gnp.exe.png`, 'png');
      expect(name).toBe('facturegnp.exe.png');
      expect(contentDisposition(name)).not.toMatch(/%E2%80%AE|%E2%81%A6/);
    },
  );
});
