import { formatFileSize } from './file-size.js';

describe('a file size for people', () => {
  it.each([
    [0, '0 octet'],
    [1, '1 octet'],
    [700, '700 octets'],
    [1024, '1 Ko'],
    [1536, '1,5 Ko'],
    [48 * 1024 + 300, '48 Ko'],
    [49 * 1024, '49 Ko'],
    [1024 * 1024 - 1, '1 Mo'],
    [1024 * 1024, '1 Mo'],
    [2.44 * 1024 * 1024, '2,4 Mo'],
    [10 * 1024 * 1024, '10 Mo'],
  ])('%d bytes read %j', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
