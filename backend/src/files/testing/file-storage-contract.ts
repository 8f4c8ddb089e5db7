import { randomUUID } from 'node:crypto';
import { type FileStorage } from '../file-storage.js';
import { pdf, png } from './sample-files.js';

export interface Fetched {
  readonly status: number;
  readonly body: Buffer;
  readonly headers: Record<string, string>;
}

export interface StorageUnderTest {
  /** The adapter, signing links as if it were `clock()` (now by default). */
  storage(clock?: () => number): FileStorage;
  /** Follows a download link as a browser would. */
  fetch(url: string): Promise<Fetched>;
  /** Whether the server behind it checks a link's signature (the local S3 server used in tests does not check SigV4). */
  readonly checksSignatures: boolean;
}

const key = (extension = 'png') => `${randomUUID()}.${extension}`;
const link = { fileName: 'Logo « Martin ».png', contentType: 'image/png', expiresInSeconds: 60 };

/** What every FileStorage adapter must do, run against each of them. */
export function fileStorageContract(name: string, setup: () => StorageUnderTest) {
  describe(`${name}: the file storage contract`, () => {
    let under: StorageUnderTest;
    let storage: FileStorage;
    beforeAll(() => {
      under = setup();
      storage = under.storage();
    });

    it('keeps what it is given and downloads it through a signed link, under the name and type of the link', async () => {
      const stored = key();
      await storage.put(stored, png, 'image/png');
      expect(await storage.stat(stored)).toEqual({ size: png.length });

      const url = await storage.downloadUrl(stored, link);
      expect(url).not.toContain(link.fileName); // the name travels encoded, as everything in the link
      const fetched = await under.fetch(url);
      expect(fetched.status).toBe(200);
      expect(fetched.body).toEqual(png);
      expect(fetched.headers['content-type']).toBe('image/png');
      expect(fetched.headers['content-disposition']).toContain(
        "filename*=UTF-8''Logo%20%C2%AB%20Martin%20%C2%BB.png",
      );
    });

    it('keeps files apart: each key is its own file', async () => {
      const [a, b] = [key(), key('pdf')];
      await storage.put(a, png, 'image/png');
      await storage.put(b, pdf, 'application/pdf');
      const fetched = await under.fetch(
        await storage.downloadUrl(b, { ...link, fileName: 'brief.pdf', contentType: 'application/pdf' }),
      );
      expect(fetched.body).toEqual(pdf);
    });

    it('deletes a file, after which its links find nothing, and deleting it again is no error', async () => {
      const stored = key();
      await storage.put(stored, png, 'image/png');
      const url = await storage.downloadUrl(stored, link);
      await storage.delete(stored);
      expect(await storage.stat(stored)).toBeNull();
      expect((await under.fetch(url)).status).toBe(404);
      await expect(storage.delete(stored)).resolves.toBeUndefined();
    });

    it('refuses an expired link', async () => {
      const stored = key();
      await storage.put(stored, png, 'image/png');
      const signedAnHourAgo = under.storage(() => Date.now() - 3_600_000);
      const fetched = await under.fetch(await signedAnHourAgo.downloadUrl(stored, link));
      expect(fetched.status).toBe(403);
      expect(fetched.body).not.toEqual(png);
    });

    it('refuses a link whose signature was tampered with', async () => {
      if (!under.checksSignatures) return; // said in the suite's name of that adapter
      const stored = key();
      await storage.put(stored, png, 'image/png');
      const url = new URL(await storage.downloadUrl(stored, link));
      const param = url.searchParams.has('signature') ? 'signature' : 'X-Amz-Signature';
      const signature = url.searchParams.get(param)!;
      url.searchParams.set(param, (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1));
      expect((await under.fetch(url.toString())).status).toBe(403);
      // Asking for another file with a valid link's signature is tampering too.
      const other = key();
      await storage.put(other, pdf, 'application/pdf');
      const forOther = new URL(await storage.downloadUrl(stored, link));
      forOther.pathname = forOther.pathname.replace(stored, other);
      expect((await under.fetch(forOther.toString())).status).toBe(403);
    });

    it('takes only the keys the server makes, never a path', async () => {
      for (const bad of ['../../etc/passwd', 'a/b.png', '.env', ''])
        await expect(storage.put(bad, png, 'image/png')).rejects.toThrow('not a storage key');
      await expect(storage.downloadUrl('../secret.png', link)).rejects.toThrow('not a storage key');
    });
  });
}
