import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { signedInClientWithOrder } from '../testing/client-order.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';
import { FILE_STORAGE } from './file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';
import { png } from './testing/sample-files.js';

// The app configured with S3_BUCKET keeps brief files in the bucket (here a local s3rver) and
// hands out presigned links, not the API's own.
let server: S3rver;
let directory: string;
let t: TestApp;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'coseso-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'coseso-app', configs: [] }],
  });
  const { port } = await server.run();
  t = await startTestApp({
    S3_BUCKET: 'coseso-app',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
});
afterAll(async () => {
  await t.close();
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

it('keeps brief files in the S3 bucket and lists them with presigned links', async () => {
  expect(t.app.get(FILE_STORAGE)).toBeInstanceOf(S3FileStorage);
  const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
  const { body } = await t.http
    .post('/api/client/upload')
    .set('cookie', cookie)
    .field('orderId', orderId)
    .field('category', 'logo')
    .attach('images', png, 'logo.png')
    .expect(200);
  const { filename } = body.files[0];
  expect(await t.app.get<S3FileStorage>(FILE_STORAGE).stat(filename)).toEqual({ size: png.length });

  const list = await t.http
    .get(`/api/client/files/${orderId}`)
    .set('cookie', cookie)
    .set('x-min-position', String(body.position))
    .expect(200);
  const url = new URL(list.body.files.logo[0].url);
  expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  const download = await fetch(url);
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer())).toEqual(png);
  // The API's own download route serves nothing from a bucket.
  await t.http
    .get(`/api/files/download/${filename}?expires=1&name=a&type=b&signature=${'A'.repeat(43)}`)
    .expect(403);

  await t.http.delete(`/api/client/files/${filename}`).set('cookie', cookie).send({ orderId }).expect(200);
  expect(await t.app.get<S3FileStorage>(FILE_STORAGE).stat(filename)).toBeNull();
});
