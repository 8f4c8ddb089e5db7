import { randomUUID } from 'node:crypto';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { type NewEvent } from '@coseso/event-store/event-store';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { eventStoreContract } from '@coseso/event-store/testing/event-store.contract';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { allMigrations } from '../database/all-migrations.js';
import { verifyHashChain } from '@coseso/event-store/verify-hash-chain';
import { PersonalDataEventStore, rawEventStore } from './personal-data-event-store.js';
import { PostgresSubjectKeys, masterKeyOf, seal } from './subject-keys.js';

let db: TestSchema;
let store: PersonalDataEventStore;
const opened: PersonalDataEventStore[] = [];
const MASTER = masterKeyOf('a-master-secret-for-the-tests-only-000');

async function open(now?: () => number): Promise<PersonalDataEventStore> {
  const inner = await PostgresEventStore.open({ pool: db.pool, schema: db.schema, connectionString: db.url });
  const decorated = new PersonalDataEventStore(
    inner,
    new PostgresSubjectKeys(db.pool, db.schema, MASTER, now),
  );
  opened.push(decorated);
  return decorated;
}

beforeAll(async () => {
  db = await createTestSchema('pd', 12, { migrations: allMigrations });
  store = await open();
});
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await db.drop();
});

const signed = (signerName: string): NewEvent => ({
  type: 'ContractSigned',
  schemaVersion: 1,
  data: {
    signerName,
    documentSha256: 'a'.repeat(64),
    signedAt: '2026-11-25T10:00:00.000Z',
    ip: '198.51.100.4',
  },
  metadata: { actor: { kind: 'client', id: 'c' }, commandId: randomUUID(), ip: '198.51.100.4' },
});

describe('the crypto-shredding store on PostgreSQL', () => {
  // Events of no data subject go through untouched: the decorated store is still an event store.
  eventStoreContract({ store: () => store, openAnother: () => open() });

  it('stores ciphertext, chains its hash, reads it back in clear in another process', async () => {
    const orderId = randomUUID();
    await store.appendToStream(`order-${orderId}`, [signed('Hortense Lemoine')], {
      expectedRevision: 'no_stream',
    });
    const { rows } = await db.pool.query(
      `select data::text || metadata::text as text from "${db.schema}".events where stream_id = $1`,
      [`order-${orderId}`],
    );
    expect(rows[0].text).not.toContain('Lemoine');
    expect(rows[0].text).not.toContain('198.51.100.4');
    expect(rows[0].text).toContain('"$enc"');
    const other = await open();
    const [event] = await other.readStream(`order-${orderId}`);
    expect(event!.data).toMatchObject({ signerName: 'Hortense Lemoine', ip: '198.51.100.4' });
  });

  it('reads a stream holding both formats, fields sealed alone (before 2026-11-27) then one envelope per event; erased, both show "données effacées" and the chain holds', async () => {
    const orderId = randomUUID();
    const stream = `order-${orderId}`;
    const key = (await store.keys.keyFor(`order:${orderId}`))!;
    const sealAlone = (value: string) => ({
      $enc: seal(key, Buffer.from(value), stream).toString('base64'),
      subject: `order:${orderId}`,
    });
    const old = signed('Hortense Lemoine');
    await rawEventStore(store).appendToStream(
      stream,
      [
        {
          ...old,
          data: {
            ...(old.data as object),
            signerName: sealAlone('Hortense Lemoine'),
            ip: sealAlone('198.51.100.4'),
          },
          metadata: { ...old.metadata, ip: sealAlone('198.51.100.4') },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await store.appendToStream(stream, [signed('Hortense Lemoine')], { expectedRevision: 0n });
    const raw = await rawEventStore(store).readStream(stream);
    expect(raw.map((e) => Object.keys(e.metadata).includes('$sealed'))).toEqual([false, true]);
    const read = await store.readStream(stream);
    for (const event of read) {
      expect(event.data).toMatchObject({ signerName: 'Hortense Lemoine', ip: '198.51.100.4' });
      expect(event.metadata).toEqual({ ...old.metadata, commandId: expect.any(String), ip: '198.51.100.4' });
    }
    await store.keys.erase([`order:${orderId}`]);
    for (const event of await store.readStream(stream)) {
      expect(event.data).toMatchObject({ signerName: ERASED, ip: ERASED });
      expect(event.metadata['ip']).toBe(ERASED);
    }
    expect(await verifyHashChain(rawEventStore(store))).toMatchObject({ ok: true, broken: [] });
  });

  it('fails loudly, rather than showing an erasure, when the master key is not the one the data was written with', async () => {
    const orderId = randomUUID();
    await store.appendToStream(`order-${orderId}`, [signed('Hortense Lemoine')], {
      expectedRevision: 'no_stream',
    });
    const inner = await PostgresEventStore.open({
      pool: db.pool,
      schema: db.schema,
      connectionString: db.url,
    });
    const wrongKey = new PersonalDataEventStore(
      inner,
      new PostgresSubjectKeys(db.pool, db.schema, masterKeyOf('another-master-secret-of-40-characters!!')),
    );
    opened.push(wrongKey);
    await expect(wrongKey.readStream(`order-${orderId}`)).rejects.toThrow(
      `PERSONAL_DATA_KEY does not open the key of order:${orderId}`,
    );
  });

  it('makes one key per subject, even for writers racing on a new order', async () => {
    const orderId = randomUUID();
    const writers = await Promise.all([open(), open(), open()]);
    await Promise.all(
      writers.map((w, i) =>
        w.appendToStream(`order-${orderId}`, [signed(`Signataire ${i}`)], { expectedRevision: 'any' }),
      ),
    );
    const { rows } = await db.pool.query(
      `select count(*)::int as n from "${db.schema}".data_subject_keys where subject_id = $1`,
      [`order:${orderId}`],
    );
    expect(rows[0].n).toBe(1);
    const names = (await store.readStream(`order-${orderId}`)).map(
      (e) => (e.data as { signerName: string }).signerName,
    );
    expect(names.sort()).toEqual(['Signataire 0', 'Signataire 1', 'Signataire 2']);
  });

  it('after an erasure, shows "données effacées" everywhere, at once here and within the key TTL elsewhere; the chain holds', async () => {
    const orderId = randomUUID();
    const stream = `order-${orderId}`;
    let clock = Date.now();
    const elsewhere = await open(() => clock);
    await store.appendToStream(stream, [signed('Hortense Lemoine')], { expectedRevision: 'no_stream' });
    expect((await elsewhere.readStream(stream))[0]!.data).toMatchObject({ signerName: 'Hortense Lemoine' });

    await store.keys.erase([`order:${orderId}`]);
    expect((await store.readStream(stream))[0]!.data).toMatchObject({ signerName: ERASED, ip: ERASED });
    // Another process keeps its cached key until it reads the ClientDataErased, or for a minute at most.
    clock += 61_000;
    expect((await elsewhere.readStream(stream))[0]!.metadata['ip']).toBe(ERASED);

    // Appending for an erased subject writes no personal data at all.
    await elsewhere.appendToStream(stream, [signed('Hortense Lemoine')], { expectedRevision: 0n });
    const raw = await rawEventStore(store).readStream(stream);
    expect(raw[1]!.data).toMatchObject({ signerName: ERASED });
    const report = await verifyHashChain(rawEventStore(store));
    expect(report).toMatchObject({ ok: true, broken: [] });
    // Read through the decorator, the chain would not hold: it covers what was stored.
    expect((await verifyHashChain(store)).ok).toBe(false);
  });
});
