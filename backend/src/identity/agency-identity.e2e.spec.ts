import { createHash } from 'node:crypto';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import type request from 'supertest';
import { ADMIN_ENV, settled, signInAdmin, signInAuditor } from '../admin/testing/back-office.js';
import { visibleText } from '../invoices/testing/en16931-validation.js';
import { paidOrderWithSignedInClient } from '../testing/client-order.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';
import { BACKGROUND_WAIT_MS } from '../testing/waits.js';
import { untilFinalPaymentAsked } from '../write-side/testing/order-commands.js';

// The agency's identity through the API: the environment's SELLER_* are version 1; an admin changes
// it (auditors read), each change checked in French; the next document names the new seller, and an
// invoice issued before keeps its bytes.

let t: TestApp;
let admin: { authorization: string };
let auditor: { authorization: string };
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  admin = (await signInAdmin(t)).auth;
  auditor = await signInAuditor(t);
}, 600_000);
afterAll(() => t.close());

type Agent = ReturnType<typeof request.agent>;
const checkoutIdOf = (url: string) => url.split('/').pop()!;
const binary = ((res: NodeJS.ReadableStream, done: (e: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}) as never;

interface Listed {
  number: string;
  pdfSha256: string;
  pdfUrl: string;
}

async function invoicesOf(agent: Agent, orderId: string, count: number): Promise<Listed[]> {
  await settled(t);
  if (!(await t.app.get(ProjectionWaiter).waitForCatchUp('invoices', BACKGROUND_WAIT_MS)))
    throw new Error('the invoices read model did not catch up');
  const { body } = await agent.get(`/api/client/orders/${orderId}/invoices`).expect(200);
  expect(body.invoices).toHaveLength(count);
  return body.invoices as Listed[];
}

const pdfOf = async (agent: Agent, invoice: Listed) =>
  new Uint8Array((await agent.get(invoice.pdfUrl).buffer(true).parse(binary).expect(200)).body as Buffer);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const moved = {
  name: 'Coseso Studio',
  legalForm: 'SARL',
  street: '3 rue de la Paix',
  postcode: '75002',
  city: 'Paris',
  siret: '552 100 554 00013',
  rcsCity: 'Paris',
  vatNumber: 'FR96552100554',
  shareCapitalEuros: 20_000,
  email: 'compta@coseso-studio.fr',
  iban: 'FR7630006000011234567890189',
};

it('serves version 1, the SELLER_* settings, to auditors, and nothing is written to read it; an auditor never changes it', async () => {
  const { body } = await t.http.get('/api/admin/agency-identity').set(auditor).expect(200);
  expect(body).toMatchObject({
    current: 1,
    versions: [
      {
        version: 1,
        changedBy: 'Le système',
        identity: { name: 'Coseso', siret: '84215370200019', rcsCity: 'Lyon', vatNumber: 'FR88842153702' },
      },
    ],
  });
  expect(await t.store.readStream('identity')).toEqual([]);
  const refused = await t.http
    .post('/api/admin/agency-identity')
    .set(auditor)
    .send({ identity: moved, reason: 'Déménagement' })
    .expect(403);
  expect(refused.body.code).toBe('ADMIN.FORBIDDEN');
});

it('refuses, in French and field by field, a SIRET whose key fails, a VAT number of another SIREN, a blank RCS city', async () => {
  const { body } = await t.http
    .post('/api/admin/agency-identity')
    .set(admin)
    .send({
      identity: { ...moved, siret: '55210055400014', vatNumber: 'FR00552100554', rcsCity: ' ' },
      reason: 'Déménagement',
    })
    .expect(400);
  expect(JSON.stringify(body)).toMatch(/clé de contrôle/);
  expect(JSON.stringify(body)).toMatch(/ville du greffe/);
  const wrongKey = await t.http
    .post('/api/admin/agency-identity')
    .set(admin)
    .send({ identity: { ...moved, vatNumber: 'FR00552100554' }, reason: 'Déménagement' })
    .expect(400);
  expect(JSON.stringify(wrongKey.body)).toContain('ce serait FR96552100554');
  expect(await t.store.readStream('identity')).toEqual([]);
});

it('names the new seller on the next invoice and the legal pages; the invoice issued before keeps its bytes', async () => {
  const { orderId, agent } = await paidOrderWithSignedInClient(t, 'identite@boulangerie-martin.fr');
  const [deposit] = await invoicesOf(agent, orderId, 1);
  const before = await pdfOf(agent, deposit!);
  expect(visibleText(before)).toContain('RCS Lyon');

  const changed = await t.http
    .post('/api/admin/agency-identity')
    .set(admin)
    .send({ identity: moved, reason: 'Déménagement du siège et nouvelle société' })
    .expect(201);
  expect(changed.body.version).toMatchObject({
    version: 2,
    changedBy: ADMIN_ENV.ADMIN_EMAIL,
    reason: 'Déménagement du siège et nouvelle société',
    identity: { ...moved, siret: '55210055400013' },
  });
  expect(changed.body.version.changedFields).toEqual(
    expect.arrayContaining(['name', 'legalForm', 'siret', 'vatNumber', 'rcsCity', 'email']),
  );
  const stored = await t.store.readStream('identity');
  expect(stored.map((e) => [e.type, (e.data as { version: number }).version])).toEqual([
    ['AgencyIdentityChanged', 1],
    ['AgencyIdentityChanged', 2],
  ]);
  expect(stored[1]!.metadata['actor']).toMatchObject({ kind: 'admin' });

  const legal = (await t.http.get('/api/legal').expect(200)).body;
  expect(legal.seller).toMatchObject({
    name: 'Coseso Studio',
    legalForm: 'SARL',
    rcs: 'RCS Paris 552 100 554',
    vatNumber: 'FR96552100554',
    address: '3 rue de la Paix, 75002 Paris',
  });

  await untilFinalPaymentAsked(t.app, orderId, { kind: 'admin', id: 'admin-test' });
  const link = await agent.post(`/api/orders/${orderId}/regenerate-final-payment`).expect(200);
  await t.http.post(`/api/sandbox/checkout/${checkoutIdOf(link.body.paymentUrl)}/pay`).expect(200);
  const [depositAgain, final] = await invoicesOf(agent, orderId, 2);

  const finalText = visibleText(await pdfOf(agent, final!)).replace(/\s+/g, ' ');
  expect(finalText).toContain('Coseso Studio');
  expect(finalText).toContain('RCS Paris');
  expect(finalText).toContain('FR96552100554');
  expect(finalText).not.toContain('RCS Lyon');

  const after = await pdfOf(agent, depositAgain!);
  expect(Buffer.from(after).equals(Buffer.from(before))).toBe(true);
  expect(sha256(after)).toBe(deposit!.pdfSha256);
  expect(visibleText(after)).not.toContain('Coseso Studio');
}, 240_000);
