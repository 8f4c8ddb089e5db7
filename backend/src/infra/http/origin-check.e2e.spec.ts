import { type AddressInfo } from 'node:net';
import request from 'supertest';
import { type TestApp, startTestApp } from '../../testing/test-app.js';

// A write the origin check guards, that any cookie reaches: signing out answers 200 whoever asks.
const WRITE = '/api/auth/logout';
const COOKIE = 'coseso_session=whatever';

async function listening(t: TestApp) {
  const server = t.app.getHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { http: request(server), own: `http://127.0.0.1:${port}`, port };
}

describe('the origin check of cookie-carrying writes', () => {
  // PUBLIC_URL names another port, as an .env written for port 3000 does when the app runs on 4000.
  let t: TestApp;
  let app: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    t = await startTestApp({
      PUBLIC_URL: 'http://localhost:3000',
      ALLOWED_ORIGINS: 'http://localhost:5173/',
    });
    app = await listening(t);
  });
  afterAll(() => t.close());

  const write = (headers: Record<string, string>) => app.http.post(WRITE).set({ Cookie: COOKIE, ...headers });

  it("accepts the request's own origin, on whatever port the app listens", async () => {
    await write({ Origin: app.own }).expect(200);
    await write({ Origin: app.own, Host: `LocalHost:${app.port}` }).expect(403);
    await write({ Origin: `http://localhost:${app.port}`, Host: `LocalHost:${app.port}` }).expect(200);
  });

  it('accepts the public address and the configured origins', async () => {
    await write({ Origin: 'http://localhost:3000' }).expect(200);
    await write({ Origin: 'http://localhost:5173' }).expect(200);
  });

  it.each(['https://evil.example', 'http://localhost:4000', 'null', 'not a url'])(
    'refuses the origin %s',
    async (origin) => {
      const { body } = await write({ Origin: origin }).expect(403);
      expect(body).toEqual({ message: 'Origine non autorisée', code: 'HTTP.FORBIDDEN_ORIGIN' });
    },
  );

  it("refuses another port of the app's own host", async () => {
    await write({ Origin: `http://127.0.0.1:${app.port === 65_535 ? 1 : app.port + 1}` }).expect(403);
  });

  it('leaves alone reads, and writes without a cookie or without an Origin', async () => {
    await app.http.post(WRITE).set({ Origin: 'https://evil.example' }).expect(200);
    await app.http.post(WRITE).set({ Cookie: COOKIE }).expect(200);
    await app.http.get('/api/health').set({ Cookie: COOKIE, Origin: 'https://evil.example' }).expect(200);
  });

  it('takes the scheme and host a trusted proxy forwarded (loopback is trusted by default)', async () => {
    const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'www.coseso.fr' };
    await write({ ...forwarded, Origin: 'https://www.coseso.fr' }).expect(200);
    await write({ ...forwarded, Origin: 'http://www.coseso.fr' }).expect(403);
    await write({ ...forwarded, Origin: app.own }).expect(403);
  });
});

describe('the origin check behind no trusted proxy', () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    // Only a proxy at another address is trusted: the test's loopback requests are not from it.
    t = await startTestApp({ TRUST_PROXY: '10.0.0.1' });
    app = await listening(t);
  });
  afterAll(() => t.close());

  it('ignores forwarded headers anyone could send', async () => {
    const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example' };
    const write = (origin: string) =>
      app.http.post(WRITE).set({ Cookie: COOKIE, ...forwarded, Origin: origin });
    await write('https://evil.example').expect(403);
    await write(app.own).expect(200);
  });
});
