import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type TestApp, startTestApp } from '../../testing/test-app.js';

describe('POST /api/check-domain, offline (the default)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('validates and prices the name, availability to be confirmed', async () => {
    const { body } = await t.http
      .post('/api/check-domain')
      .send({ domain: 'Boulangerie-Martin.fr' })
      .expect(200);
    expect(body).toEqual({
      domain: 'boulangerie-martin.fr',
      available: null,
      price: 1_500,
      error: null,
      message: 'Disponibilité à confirmer par notre équipe : nous vous recontactons si besoin.',
    });
  });

  it.each([
    ['martin', /complet/],
    ['martin.io', /Extension non proposée/],
    ['mar tin.fr', /invalide/],
  ])('answers 400 in French for %j', async (domain, message) => {
    const response = await t.http.post('/api/check-domain').send({ domain }).expect(400);
    expect(response.body).toMatchObject({
      code: 'DOMAIN.INVALID',
      message: expect.stringMatching(message),
      fields: { domain: expect.any(String) },
    });
  });

  it('answers 400 without a domain', async () => {
    await t.http.post('/api/check-domain').send({}).expect(400);
  });
});

describe('POST /api/check-domain, with RDAP', () => {
  let rdap: Server;
  let t: TestApp;
  beforeAll(async () => {
    rdap = createServer((request, response) => {
      response
        .writeHead(request.url === '/domain/pris.com' ? 200 : 404, {
          'content-type': 'application/rdap+json',
        })
        .end('{}');
    });
    await new Promise<void>((resolve) => rdap.listen(0, '127.0.0.1', resolve));
    t = await startTestApp({
      DOMAIN_CHECK: 'rdap',
      RDAP_BASE_URL: `http://127.0.0.1:${(rdap.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => rdap.close(resolve));
  });

  it('says whether the domain is free or taken', async () => {
    expect(
      (await t.http.post('/api/check-domain').send({ domain: 'libre.com' }).expect(200)).body,
    ).toMatchObject({
      available: true,
      price: 1_800,
      message: 'Ce nom de domaine est disponible.',
    });
    expect(
      (await t.http.post('/api/check-domain').send({ domain: 'pris.com' }).expect(200)).body,
    ).toMatchObject({
      available: false,
      message: 'Ce nom de domaine est déjà pris.',
    });
  });
});
