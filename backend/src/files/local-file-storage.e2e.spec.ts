import { LocalFileStorage } from './local-file-storage.js';
import { DownloadLinkSigner } from './signed-links.js';
import { fileStorageContract } from './testing/file-storage-contract.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';

// The local folder's links are served by the API: the contract runs against the real app's route.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

fileStorageContract('the local folder, served by the API’s signed links', () => ({
  storage: (clock) =>
    new LocalFileStorage(
      t.config.UPLOAD_DIR,
      t.app.get(DownloadLinkSigner),
      t.config.PUBLIC_URL,
      clock ?? Date.now,
    ),
  async fetch(url) {
    const { pathname, search } = new URL(url);
    const response = await t.http.get(pathname + search).buffer(true);
    return {
      status: response.status,
      body: Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.text ?? ''),
      headers: response.headers as Record<string, string>,
    };
  },
  checksSignatures: true,
}));

describe('the local download route', () => {
  it('answers a malformed link with 400 and a French message, and never serves a path', async () => {
    const signature = 'A'.repeat(43);
    for (const key of ['..%2F..%2Fpackage.json', '..', 'package.json']) {
      const { body } = await t.http
        .get(`/api/files/download/${key}?expires=99999999999&name=a&type=b&signature=${signature}`)
        .expect(400);
      expect([key, body]).toEqual([
        key,
        {
          code: 'REQUEST.INVALID',
          message: 'key : Lien de téléchargement invalide',
          fields: { key: 'Lien de téléchargement invalide' },
        },
      ]);
    }
  });
});
