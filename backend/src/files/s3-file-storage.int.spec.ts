import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3FileStorage } from './s3-file-storage.js';
import { fileStorageContract } from './testing/file-storage-contract.js';

// A local S3-compatible server (s3rver, from npm) on a loopback port of its own. It checks a
// presigned link's expiry and credential, not its SigV4 signature (unimplemented there), so the
// tampering case runs against the local folder's links only.
let server: S3rver;
let directory: string;
let endpoint: string;
const bucket = 'coseso-test';

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'coseso-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

fileStorageContract('S3 (s3rver), SigV4 signatures unchecked by that server', () => ({
  storage: (clock) =>
    new S3FileStorage({
      bucket,
      region: 'eu-west-3',
      endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      prefix: 'brief/',
      ...(clock ? { clock } : {}),
    }),
  async fetch(url) {
    const response = await fetch(url);
    return {
      status: response.status,
      body: Buffer.from(await response.arrayBuffer()),
      headers: Object.fromEntries(response.headers),
    };
  },
  checksSignatures: false,
}));
