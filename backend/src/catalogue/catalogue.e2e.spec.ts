import { firstCatalogueGrid } from '@coseso/domain/catalogue/first-version';
import { ManualClock } from '@coseso/domain/shared/testing/manual-clock';
import { ADMIN_ENV, signInAdmin, signInAuditor } from '../admin/testing/back-office.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';

// The catalogue through the API: version 1 is the first grid before anything is published; an
// admin publishes the next versions (now or from a date, on the app's Clock); auditors read.

const clock = new ManualClock(new Date('2026-12-06T10:00:00.000Z'));
let t: TestApp;
let admin: { authorization: string };
let auditor: { authorization: string };

beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV, { clock });
  admin = (await signInAdmin(t)).auth;
  auditor = await signInAuditor(t);
});
afterAll(() => t.close());

const raise = { kind: 'templatePrice', template: 'onepage', monthlyBaseHT: 3_200 };

it('serves version 1, the first grid, before anything is published; nothing is written to read it', async () => {
  const { body } = await t.http.get('/api/catalogue').expect(200);
  expect(body).toMatchObject({ version: 1, grid: firstCatalogueGrid() });
  // Not yet in the log: no date to give, never 1 January 1970.
  expect(body).toMatchObject({ effectiveFrom: null, publishedAt: null });
  expect(await t.store.readStream('catalogue')).toEqual([]);
});

it('lets an auditor read the history, never publish', async () => {
  const { body } = await t.http.get('/api/admin/catalogue').set(auditor).expect(200);
  expect(body).toMatchObject({
    inForce: 1,
    versions: [{ version: 1, changes: [], publishedBy: 'Le système', effectiveFrom: null }],
  });
  const refused = await t.http
    .post('/api/admin/catalogue/versions')
    .set(auditor)
    .send({ changes: [raise], reason: 'Hausse' })
    .expect(403);
  expect(refused.body.code).toBe('ADMIN.FORBIDDEN');
});

it('publishes version 2 now (version 1 entering the log with it), and a scheduled version 3 goes live at its date', async () => {
  const published = await t.http
    .post('/api/admin/catalogue/versions')
    .set(admin)
    .send({ changes: [raise], reason: 'Hausse des coûts d’hébergement' })
    .expect(201);
  expect(published.body.version).toMatchObject({
    version: 2,
    reason: 'Hausse des coûts d’hébergement',
    changes: [raise],
    effectiveFrom: expect.stringMatching(/^2026-12-06T10:00:00\./) as string,
  });
  const stored = await t.store.readStream('catalogue');
  expect(stored.map((e) => [e.type, (e.data as { version: number }).version])).toEqual([
    ['CatalogueVersionPublished', 1],
    ['CatalogueVersionPublished', 2],
  ]);
  const inForce = (await t.http.get('/api/catalogue').expect(200)).body;
  expect(inForce.version).toBe(2);
  expect(inForce.grid.templates.onepage.monthlyBaseHT).toBe(3_200);

  await t.http
    .post('/api/admin/catalogue/versions')
    .set(admin)
    .send({
      changes: [{ kind: 'option', option: 'aiChatbot', priceHT: 21_900 }],
      reason: 'Nouveau modèle de chatbot',
      effectiveFrom: '2027-01-01T00:00:00.000Z',
    })
    .expect(201);
  expect((await t.http.get('/api/catalogue').expect(200)).body.version).toBe(2);
  clock.set('2027-01-01T00:00:00.000Z');
  const live = (await t.http.get('/api/catalogue').expect(200)).body;
  expect(live.version).toBe(3);
  expect(live.grid.options.aiChatbot.priceHT).toBe(21_900);
  const history = (await t.http.get('/api/admin/catalogue').set(auditor).expect(200)).body;
  expect(history.inForce).toBe(3);
  expect(history.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
  // Version 1 entered the log with the first publication: the API gives the time it was seeded.
  expect(history.versions[2]).toMatchObject({
    effectiveFrom: expect.stringMatching(/^2026-12-06T10:00:00\./) as string,
    publishedAt: expect.any(String) as string,
  });
  // Each version is named by who published it, the admin by their email, not an id (version 1
  // entered the log with their first publication, in its batch).
  expect(history.versions.map((v: { publishedBy: string }) => v.publishedBy)).toEqual([
    ADMIN_ENV.ADMIN_EMAIL,
    ADMIN_ENV.ADMIN_EMAIL,
    ADMIN_ENV.ADMIN_EMAIL,
  ]);
});

it('refuses, in French, a change without a reason, a past date or a rate still read from version 1', async () => {
  const noReason = await t.http
    .post('/api/admin/catalogue/versions')
    .set(admin)
    .send({ changes: [raise], reason: ' ' })
    .expect(400);
  expect(noReason.body.message).toMatch(/raison/);
  const past = await t.http
    .post('/api/admin/catalogue/versions')
    .set(admin)
    .send({
      changes: [{ ...raise, monthlyBaseHT: 3_500 }],
      reason: 'Hausse',
      effectiveFrom: '2026-01-01T00:00:00Z',
    })
    .expect(400);
  expect(past.body.code).toBe('CATALOGUE.INVALID_CHANGE');
  // The request takes every kind the event schema knows; the decider says, in French, which it
  // does not publish yet, naming the field the back-office shows it next to.
  const rate = await t.http
    .post('/api/admin/catalogue/versions')
    .set(admin)
    .send({ changes: [{ kind: 'vatRate', percent: 21 }], reason: 'TVA' })
    .expect(400);
  expect(rate.body).toMatchObject({
    code: 'CATALOGUE.INVALID_CHANGE',
    message: expect.stringMatching(/taux de TVA/) as string,
    fields: { changes: expect.any(String) as string },
  });
});

it('takes every kind of change the back-office edits: a label, a rhythm, the hosting, the rates', async () => {
  for (const change of [
    { kind: 'templateText', template: 'onepage', recapLabel: 'Site Vitrine', landingLabel: 'Vitrine' },
    { kind: 'option', option: 'aiChatbot', label: 'Assistant IA', period: 'monthly' },
    { kind: 'hostingIncludes', items: ['Certificat SSL', 'Sauvegardes quotidiennes'] },
    { kind: 'depositShare', percent: 40 },
    { kind: 'monthlyMarkup', percent: 15 },
  ]) {
    const answer = await t.http
      .post('/api/admin/catalogue/versions')
      .set(admin)
      .send({ changes: [change], reason: 'Essai' });
    // Published, or refused by the decider in French: never by the request's shape ('Champ inconnu').
    expect([201, 400]).toContain(answer.status);
    if (answer.status === 400) {
      expect(answer.body.code).toBe('CATALOGUE.INVALID_CHANGE');
      expect(JSON.stringify(answer.body)).not.toMatch(/Champ inconnu|Valeur attendue/);
    }
  }
});
