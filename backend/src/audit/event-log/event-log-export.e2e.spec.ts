import { request } from 'node:http';
import { type AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { AdminAccounts } from '../../auth/admin-accounts.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';

// The export streams: memory for one batch, whatever the log's size. Proven on 100,000 events
// (about 90 MB of NDJSON) by the heap that survives a full garbage collection during the download,
// which stays flat where a buffered export would hold the whole file.

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const live = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

const EVENTS = 100_000;
const PER_APPEND = 100;
const MB = 1024 * 1024;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: 'admin@coseso.test', ADMIN_PASSWORD: 'un-secret-de-test' });
  await t.app.get(AdminAccounts).create('audit@coseso.test', 'un-secret-d-audit', 'auditor');
  token = (
    await t.http
      .post('/api/admin/login')
      .send({ email: 'audit@coseso.test', password: 'un-secret-d-audit' })
      .expect(200)
  ).body.token;
  const padding = 'x'.repeat(600);
  const appends = Array.from({ length: EVENTS / PER_APPEND }, (_, s) => `bulk-${s}`);
  const writer = async () => {
    for (let stream = appends.pop(); stream; stream = appends.pop())
      await t.store.appendToStream(
        stream,
        Array.from({ length: PER_APPEND }, (_, i) => ({
          type: 'Noted',
          schemaVersion: 1,
          data: { i, padding },
          metadata: { actor: { kind: 'system', id: 'bulk' }, occurredAt: new Date().toISOString() },
        })),
        { expectedRevision: 'no_stream' },
      );
  };
  await Promise.all(Array.from({ length: 4 }, writer));
  await t.app.listen(0, '127.0.0.1');
}, 600_000);
afterAll(() => t.close());

it('exports 100,000 events with the memory staying flat', async () => {
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  const baseline = live();
  const rssBefore = process.memoryUsage().rss;
  let peak = baseline;
  let peakRss = rssBefore;
  let bytes = 0;
  let lines = 0;
  let nextSample = 8 * MB;
  await new Promise<void>((resolve, reject) => {
    request(
      {
        port,
        host: '127.0.0.1',
        path: '/api/admin/events/export.ndjson',
        headers: { authorization: `Bearer ${token}` },
      },
      (response) => {
        expect(response.statusCode).toBe(200);
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
          if (bytes >= nextSample) {
            nextSample += 8 * MB;
            peak = Math.max(peak, live());
            peakRss = Math.max(peakRss, process.memoryUsage().rss);
          }
        });
        response.on('end', resolve);
        response.on('error', reject);
      },
    )
      .on('error', reject)
      .end();
  });
  // And the first admin's joining, recorded by the system as the app started.
  expect(lines).toBe(EVENTS + 1);
  expect(bytes).toBeGreaterThan(60 * MB);
  // A buffered export would hold at least the whole file (`bytes`) at its end.
  expect(peak - baseline).toBeLessThan(30 * MB);
  expect(peakRss - rssBefore).toBeLessThan(150 * MB);
}, 600_000);
