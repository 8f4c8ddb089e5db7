import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { orderStreamId } from '@coseso/domain/events/event-reader';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { canonicalJson } from '@coseso/event-store/hash-chain';
import { verifyHashChain } from '@coseso/event-store/verify-hash-chain';
import type request from 'supertest';
import { ADMIN_ENV, signInAdmin, signInAuditor } from '../../admin/testing/back-office.js';
import { TEST_ADMIN, paidOrderWithSignedInClient, signContract } from '../../testing/client-order.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { rawEventStore } from '../../infra/personal-data/personal-data-event-store.js';
import { runOrderCommands } from '../../write-side/testing/order-commands.js';
import { type BundleFolder, unzippedFolder } from './testing/bundle-folder.js';

let t: TestApp;
let admin: { authorization: string };
let adminId: string;
let auditor: { authorization: string };
let orderId: string;
let contractHtml: string;
let client: ReturnType<typeof request.agent>;
/** The stream as it stood before the first download. */
let before: StoredEvent[];

const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The response body as bytes (supertest parses only text and JSON by itself). */
const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
const download = (id: string, auth: { authorization: string }) =>
  t.http.get(`/api/admin/orders/${id}/evidence`).set(auth).buffer(true).parse(binary);

beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  ({ auth: admin, adminId } = await signInAdmin(t));
  auditor = await signInAuditor(t);

  // The real journey where it matters to a dispute: the deposit paid in the sandbox, the contract
  // signed by the client, the preview approved from the client's session (its receipt).
  const paid = await paidOrderWithSignedInClient(t, 'preuves@boulangerie-martin.fr');
  orderId = paid.orderId;
  client = paid.agent;
  contractHtml = (await signContract(paid.agent, orderId)).html;
  await runOrderCommands(t.app, orderId, TEST_ADMIN, { type: 'OpenBrief' });
  await paid.agent
    .post(`/api/client/orders/${orderId}/submit-brief`)
    .send({ nothingToSend: true })
    .expect(200);
  await runOrderCommands(
    t.app,
    orderId,
    TEST_ADMIN,
    { type: 'ValidateBrief', notes: 'Complet' },
    { type: 'StartProduction' },
    { type: 'SendReviewLink', reviewUrl: 'preview.coseso.fr/martin' },
  );
  await paid.agent
    .post(`/api/client/orders/${orderId}/review`)
    .send({ reviewStatus: 'approved' })
    .expect(200);
  // As the adapter stored them: personal fields encrypted, as the chain covers them.
  before = await rawEventStore(t.store).readStream(orderStreamId(orderId));
});
afterAll(() => t.close());

describe('GET /api/admin/orders/:orderId/evidence', () => {
  let folder: BundleFolder;
  let response: request.Response;
  beforeAll(async () => {
    response = await download(orderId, admin).expect(200);
    folder = await unzippedFolder(new Uint8Array(response.body as Buffer));
  });
  afterAll(() => folder.remove());

  it('answers one zip file named after the order', async () => {
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="dossier-preuves-commande-\d+-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.zip"$/,
    );
    // The deposit's invoice is issued by a job: the bundle holds it once it is.
    const invoicePdf = /^F-\d{4}-\d{6}\.pdf$/;
    const names = [...folder.names].sort();
    expect(names.filter((name) => !invoicePdf.test(name) && name !== 'invoices.json')).toEqual(
      [
        'manifest.json',
        'events.ndjson',
        'contrat.html',
        'approval-receipts.json',
        'payments.json',
        'VERIFY.md',
        'verify.mjs',
      ].sort(),
    );
    expect(names.filter((name) => invoicePdf.test(name)).length).toBeLessThanOrEqual(1);
  });

  it('has a manifest naming the order, who made the bundle and when, and the SHA-256 of every other file', async () => {
    const manifest = JSON.parse(await folder.text('manifest.json'));
    const last = before.at(-1)!;
    expect(manifest).toMatchObject({
      order: {
        id: orderId,
        number: (before[0]!.data as { orderNumber: number }).orderNumber,
      },
      generatedBy: { kind: 'admin', id: adminId, name: ADMIN_ENV.ADMIN_EMAIL },
      events: {
        file: 'events.ndjson',
        count: before.length,
        lastRevision: Number(last.streamRevision),
        lastEventHash: last.hash,
      },
    });
    expect(Date.parse(manifest.generatedAt)).toBeGreaterThan(Date.now() - 60_000);
    const others = folder.names.filter((name) => name !== 'manifest.json');
    expect(manifest.files.map((f: { name: string }) => f.name).sort()).toEqual([...others].sort());
    for (const file of manifest.files as { name: string; sha256: string; bytes: number }[]) {
      const bytes = await readFile(join(folder.dir, file.name));
      expect([file.name, sha256(bytes), bytes.length]).toEqual([file.name, file.sha256, file.bytes]);
    }
  });

  it("holds the stream's events exactly as stored, in canonical JSON, up to the export", async () => {
    const ndjson = await folder.text('events.ndjson');
    // Personal data leaves encrypted in the chained events (one envelope per event), and nowhere in clear there.
    expect(ndjson).toContain('{"$sealed":true}');
    expect(ndjson).toContain('"$sealed":{"$enc":"');
    expect(ndjson).not.toContain('preuves@boulangerie-martin.fr');
    const lines = ndjson.trimEnd().split('\n');
    expect(lines).toHaveLength(before.length);
    lines.forEach((line, i) => {
      const stored = before[i]!;
      const event = JSON.parse(line);
      expect(canonicalJson(event)).toBe(line);
      expect(event).toEqual({
        position: Number(stored.position),
        streamId: stored.streamId,
        streamRevision: i,
        eventId: stored.eventId,
        recordedAt: stored.recordedAt.toISOString(),
        type: stored.type,
        schemaVersion: stored.schemaVersion,
        data: stored.data,
        metadata: stored.metadata,
        hash: stored.hash,
      });
    });
  });

  it('holds the contract the client signed, whose SHA-256 the signature recorded', async () => {
    const html = await folder.text('contrat.html');
    expect(html).toBe(contractHtml);
    const signed = before.find((e) => e.type === 'ContractSigned')!;
    expect(sha256(Buffer.from(html, 'utf8'))).toBe(
      (signed.data as { documentSha256: string }).documentSha256,
    );
    const { contract } = JSON.parse(await folder.text('manifest.json'));
    expect(contract).toMatchObject({
      status: 'signed',
      file: 'contrat.html',
      sha256: sha256(Buffer.from(html, 'utf8')),
      recordedSha256: sha256(Buffer.from(html, 'utf8')),
      recordedBy: { revision: Number(signed.streamRevision), eventHash: signed.hash, type: 'ContractSigned' },
      signerName: 'Claire Martin',
    });
  });

  it('lists the approval receipt and the payments with the provider’s ids, each pointing at its event', async () => {
    const approved = before.find((e) => e.type === 'ReviewApproved')!;
    const receipts = JSON.parse(await folder.text('approval-receipts.json'));
    expect(receipts).toEqual([
      expect.objectContaining({
        revision: Number(approved.streamRevision),
        eventHash: approved.hash,
        type: 'ReviewApproved',
        round: 1,
        reviewUrl: 'https://preview.coseso.fr/martin',
        sessionRef: (approved.data as { sessionRef: string }).sessionRef,
        approvedAt: approved.metadata['occurredAt'],
        actor: expect.objectContaining(approved.metadata['actor'] as object),
      }),
    ]);
    expect(receipts[0].sessionRef).toMatch(/^[0-9a-f]{32}$/);

    const paid = before.find((e) => e.type === 'DepositPaid')!;
    const started = before.find((e) => e.type === 'CheckoutStarted')!;
    const payments = JSON.parse(await folder.text('payments.json'));
    expect(payments.map((p: { type: string }) => p.type)).toEqual(['CheckoutStarted', 'DepositPaid']);
    const { payment, amount } = paid.data as { payment: { paymentId: string }; amount: number };
    expect(payments[1]).toMatchObject({
      revision: Number(paid.streamRevision),
      eventHash: paid.hash,
      purpose: 'deposit',
      amountCents: amount,
      amountText: '588,60\u00a0€',
      provider: 'sandbox',
      paymentId: payment.paymentId,
      actor: { kind: 'provider', id: 'sandbox' },
    });
    expect(payments[0]).toMatchObject({
      revision: Number(started.streamRevision),
      purpose: 'deposit',
      paymentId: payment.paymentId,
      provider: 'sandbox',
    });
  });

  it('explains in French how to re-verify it, and that the export itself comes after the events it holds', async () => {
    const guide = await folder.text('VERIFY.md');
    const last = before.length - 1;
    expect(guide).toContain('node verify.mjs');
    expect(guide).toContain(`n° 0 à ${last}`);
    expect(guide).toContain(
      `\`events.ndjson\` s'arrête à l'événement n° ${last}, **avant** l'export de ce dossier.`,
    );
    expect(guide).toContain('EvidenceBundleExported');
    expect(await folder.text('verify.mjs')).not.toMatch(/from '(?!node:crypto'|node:fs')/);
  });

  it('passes its own verifier, run as a third party would, and fails it once a line is altered', async () => {
    const ok = await folder.verify();
    expect([ok.code, ok.stdout.split('\n')[0]]).toEqual([0, 'OK']);
    const manifestSha = sha256(Buffer.from(await folder.text('manifest.json'), 'utf8'));
    expect(ok.stdout).toContain(`Empreinte SHA-256 de manifest.json : ${manifestSha}`);

    const lines = (await folder.text('events.ndjson')).trimEnd().split('\n');
    const paid = lines.findIndex((line) => line.includes('"type":"DepositPaid"'));
    lines[paid] = lines[paid]!.replace(/"amount":\d+/, '"amount":1');
    await folder.write('events.ndjson', `${lines.join('\n')}\n`);
    const tampered = await folder.verify();
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain(
      `Maillon rompu : événement n° ${paid} (ligne ${paid + 1} de events.ndjson, DepositPaid)`,
    );
  });

  it("records the export in the order's stream, chained after the events the bundle holds", async () => {
    const after = await t.orderEvents(orderId);
    const exported = after[before.length]!;
    const manifestSha = sha256(Buffer.from(await folder.text('manifest.json'), 'utf8'));
    expect(exported).toMatchObject({
      type: 'EvidenceBundleExported',
      streamRevision: BigInt(before.length),
      data: {
        manifestSha256: manifestSha,
        lastRevision: before.length - 1,
        lastEventHash: before.at(-1)!.hash,
      },
      metadata: { actor: { kind: 'admin', id: adminId } },
    });
    expect(response.headers['x-event-position']).toBe(String(exported.position));
    expect((await verifyHashChain(rawEventStore(t.store))).ok).toBe(true);

    const { body: history } = await t.http
      .get(`/api/admin/orders/${orderId}/history`)
      .set(auditor)
      .expect(200);
    const step = history.events[before.length];
    expect(step).toMatchObject({
      type: 'EvidenceBundleExported',
      description: `Dossier de preuves exporté par ${ADMIN_ENV.ADMIN_EMAIL} (événements n° 0 à ${before.length - 1})`,
      actor: { kind: 'admin', name: ADMIN_ENV.ADMIN_EMAIL },
      changes: [],
    });
    expect(step.state).toEqual(history.events[before.length - 1].state);

    // The client's timeline of their project does not show it.
    const { body: timeline } = await client
      .get(`/api/client/orders/${orderId}/timeline`)
      .set('x-min-position', String(exported.position))
      .expect(200);
    const types = timeline.map((entry: { type: string }) => entry.type);
    expect(types).toContain('ReviewApproved');
    expect(types).not.toContain('EvidenceBundleExported');
  });
});

describe('who may download it', () => {
  it('lets an auditor download it (the record names them), while their writes stay refused', async () => {
    const { body } = await download(orderId, auditor).expect(200);
    const folder = await unzippedFolder(new Uint8Array(body as Buffer));
    try {
      const manifest = JSON.parse(await folder.text('manifest.json'));
      expect(manifest.generatedBy).toMatchObject({ kind: 'auditor', name: 'audit@coseso.test' });
      // The earlier export is now one of the events it holds, and still chains.
      expect(await folder.text('events.ndjson')).toContain('"type":"EvidenceBundleExported"');
      expect((await folder.verify()).stdout.split('\n')[0]).toBe('OK');
      const last = (await t.orderEvents(orderId)).at(-1)!;
      expect(last).toMatchObject({
        type: 'EvidenceBundleExported',
        data: { lastRevision: manifest.events.lastRevision },
        metadata: { actor: { kind: 'auditor' } },
      });
    } finally {
      await folder.remove();
    }
    await t.http
      .patch(`/api/admin/orders/${orderId}/status`)
      .set(auditor)
      .send({ status: 'cancelled', reason: 'essai' })
      .expect(403);
  });

  it('records an auditor downloading again and again once a day: the stream does not grow with the downloads', async () => {
    // After the test above: the auditor's export of the day is recorded.
    const recorded = (await t.orderEvents(orderId)).filter((e) => e.type === 'EvidenceBundleExported');
    const auditorsOwn = recorded.filter((e) => (e.metadata['actor'] as { kind: string }).kind === 'auditor');
    expect(auditorsOwn).toHaveLength(1);
    const count = (await t.orderEvents(orderId)).length;
    for (let i = 0; i < 5; i++) {
      const again = await download(orderId, auditor).expect(200);
      // Each is a whole bundle, answered with the position of the day's record.
      const folder = await unzippedFolder(new Uint8Array(again.body as Buffer));
      try {
        expect((await folder.verify()).stdout.split('\n')[0]).toBe('OK');
      } finally {
        await folder.remove();
      }
      expect(again.headers['x-event-position']).toBe(String(auditorsOwn[0]!.position));
    }
    // The admin exported today too (the first describe): nothing more for them either.
    await download(orderId, admin).expect(200);
    expect(await t.orderEvents(orderId)).toHaveLength(count);
    expect((await verifyHashChain(rawEventStore(t.store))).ok).toBe(true);
  });

  it('answers 401 without a token, 404 for an unknown order, 400 for a bad id, and records none of them', async () => {
    const count = (await t.orderEvents(orderId)).length;
    await t.http.get(`/api/admin/orders/${orderId}/evidence`).expect(401);
    const unknown = await t.http
      .get(`/api/admin/orders/${crypto.randomUUID()}/evidence`)
      .set(admin)
      .expect(404);
    expect(unknown.body.code).toBe('ORDER.NOT_FOUND');
    await t.http.get('/api/admin/orders/pas-un-id/evidence').set(admin).expect(400);
    // A HEAD makes no bundle, so records no export.
    await t.http.head(`/api/admin/orders/${orderId}/evidence`).set(admin).expect(200);
    expect(await t.orderEvents(orderId)).toHaveLength(count);
  });
});
