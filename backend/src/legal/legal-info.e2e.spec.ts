import { type TestApp, startTestApp } from '../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    SELLER_NAME: 'Atelier Web Durand',
    SELLER_LEGAL_FORM: 'SARL',
    SELLER_STREET: '3 place Bellecour',
    SELLER_POSTCODE: '69002',
    SELLER_CITY: 'Lyon',
    SELLER_SIRET: '84215370200019',
    SELLER_RCS_CITY: 'Lyon',
    LEGAL_HOST_NAME: 'Hébergeur Exemple SAS',
    LEGAL_HOST_ADDRESS: '1 rue du Serveur, 59100 Roubaix',
  });
});
afterAll(() => t.close());

describe('GET /api/legal', () => {
  it('gives the configured seller, host and data controller to anyone, for the legal pages', async () => {
    const { body } = await t.http.get('/api/legal').expect(200);
    expect(body).toEqual({
      seller: {
        name: 'Atelier Web Durand',
        legalForm: 'SARL',
        shareCapital: 10_000,
        address: '3 place Bellecour, 69002 Lyon',
        siren: '842 153 702',
        siret: '84215370200019',
        rcs: 'RCS Lyon 842 153 702',
        vatNumber: expect.stringMatching(/^FR\d{2}842153702$/),
        email: 'facturation@coseso.fr',
      },
      host: { name: 'Hébergeur Exemple SAS', address: '1 rue du Serveur, 59100 Roubaix' },
      dataController: {
        name: 'Atelier Web Durand SARL',
        address: '3 place Bellecour, 69002 Lyon',
        email: 'facturation@coseso.fr',
      },
      retentionYears: 5,
    });
  });
});
