import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AppendOptions,
  type EventStore,
  type LogCheckpoint,
  type NewEvent,
  type StoredEvent,
} from '@coseso/event-store/event-store';
import { validateEvent } from '@coseso/event-schemas/catalog';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import {
  PersonalDataEventStore,
  countPlaintextPersonalEvents,
  isSealed,
  rawEventStore,
} from './personal-data-event-store.js';
import { type SubjectKey, type SubjectKeys, open, seal } from './subject-keys.js';

/** The log in memory: stores exactly what it is given, as an adapter does. */
class MemoryStore implements Partial<EventStore> {
  readonly name = 'memory';
  readonly stored: StoredEvent[] = [];
  appendToStream(streamId: string, events: readonly NewEvent[], _options: AppendOptions) {
    for (const e of events)
      this.stored.push({
        ...e,
        streamId,
        eventId: randomUUID(),
        streamRevision: BigInt(this.stored.filter((s) => s.streamId === streamId).length),
        position: BigInt(this.stored.length + 1),
        checkpoint: String(this.stored.length + 1) as LogCheckpoint,
        recordedAt: new Date(),
      });
    return Promise.resolve({ nextRevision: 0n, position: BigInt(this.stored.length), duplicate: false });
  }
  readStream(streamId: string) {
    return Promise.resolve(this.stored.filter((e) => e.streamId === streamId));
  }
  readAll() {
    return Promise.resolve({ events: [...this.stored], caughtUp: true });
  }
}

/** Keys in memory, counting how often they are asked for. */
class MemoryKeys implements SubjectKeys {
  readonly keys = new Map<string, SubjectKey>();
  asked = 0;
  forgotten: string[] = [];
  keyFor(subject: string) {
    this.asked++;
    if (!this.keys.has(subject)) this.keys.set(subject, randomBytes(32));
    return Promise.resolve(this.keys.get(subject)!);
  }
  lookup(subjects: readonly string[]) {
    return Promise.resolve(
      new Map(subjects.filter((s) => this.keys.has(s)).map((s) => [s, this.keys.get(s)!] as const)),
    );
  }
  erase(subjects: readonly string[]) {
    for (const s of subjects) this.keys.set(s, null);
    return Promise.resolve();
  }
  forgetErased(subjects: readonly string[]) {
    this.forgotten.push(...subjects);
  }
}

const metadata = {
  actor: { kind: 'visitor', id: 'v-1' },
  commandId: 'c',
  correlationId: 'c',
  causationId: 'c',
  occurredAt: '2026-11-27T10:00:00.000Z',
  ip: '203.0.113.7',
};
const orderId = '0f3c2a9e-1b4d-4e6f-8a7b-9c0d1e2f3a4b';
const stream = `order-${orderId}`;
const savedData = {
  currentStep: 3,
  changes: { contactEmail: 'claire@martin.fr', companySector: 'Boulangerie' },
};
const saved: NewEvent = {
  type: 'WizardStepSaved',
  schemaVersion: 1,
  data: savedData,
  metadata,
};
const paid: NewEvent = {
  type: 'DepositPaid',
  schemaVersion: 1,
  data: { payment: { provider: 'sandbox', paymentId: 'pay_1' }, amount: 58860 },
  metadata: { actor: { kind: 'provider', id: 'sandbox' }, commandId: 'd' },
};

function setUp() {
  const inner = new MemoryStore();
  const keys = new MemoryKeys();
  return { inner, keys, store: new PersonalDataEventStore(inner as unknown as EventStore, keys) };
}

describe('the crypto-shredding event store', () => {
  it('stores the personal fields of an event in one envelope, a marker in each one’s place, and nothing else changed', async () => {
    const { inner, store, keys } = setUp();
    await store.appendToStream(stream, [saved, paid], { expectedRevision: 'no_stream' });
    const [raw, rawPaid] = inner.stored as [StoredEvent, StoredEvent];
    const changes = (raw.data as { changes: Record<string, unknown> }).changes;
    expect(changes['companySector']).toBe('Boulangerie');
    expect(changes['contactEmail']).toEqual({ $sealed: true });
    expect(raw.metadata).toEqual({
      ...metadata,
      ip: { $sealed: true },
      $sealed: { $enc: expect.any(String), subject: `order:${orderId}` },
    });
    // One cipher for the event: the JSON of its personal fields, by path.
    const envelope = raw.metadata['$sealed'] as { $enc: string };
    const plain = open(keys.keys.get(`order:${orderId}`)!, Buffer.from(envelope.$enc, 'base64'), stream);
    expect(JSON.parse(plain.toString())).toEqual({
      data: { 'changes.contactEmail': 'claire@martin.fr' },
      metadata: { ip: '203.0.113.7' },
    });
    expect(JSON.stringify([raw.data, raw.metadata])).not.toContain('claire@martin.fr');
    expect(JSON.stringify([raw.data, raw.metadata])).not.toContain('203.0.113.7');
    // An event without personal data goes through as it was given.
    expect(rawPaid.data).toBe(paid.data);
  });

  it('reads the fields back in clear, through readStream and readAll alike, as the plain event appended', async () => {
    const { store } = setUp();
    await store.appendToStream(stream, [saved, paid], { expectedRevision: 'no_stream' });
    const [event] = await store.readStream(stream);
    expect(event!.data).toEqual(saved.data);
    expect(event!.metadata).toEqual(metadata);
    expect((await store.readAll({ after: null, limit: 10 })).events.map((e) => e.data)).toEqual([
      saved.data,
      paid.data,
    ]);
    // Serialised, spread, checked against its schema: the event as it was appended.
    const [again] = await store.readStream(stream);
    expect(JSON.parse(JSON.stringify(again!.data))).toEqual(saved.data);
    expect({ ...(again!.data as { changes: object }).changes }).toEqual(savedData.changes);
    expect(validateEvent(again!)).toEqual({ ok: true });
  });

  it('decrypts an event’s envelope only when one of its personal fields is read, and fails loudly if it does not open', async () => {
    const { inner, store } = setUp();
    await store.appendToStream(stream, [saved], { expectedRevision: 'no_stream' });
    // The ciphertext altered in the log: reading the event's other fields does not notice it…
    const stored = inner.stored[0]!;
    const envelope = stored.metadata['$sealed'] as { $enc: string; subject: string };
    const altered = Buffer.from(envelope.$enc, 'base64');
    altered[altered.length - 1]! ^= 1;
    inner.stored[0] = {
      ...stored,
      metadata: { ...stored.metadata, $sealed: { ...envelope, $enc: altered.toString('base64') } },
    };
    const [event] = await store.readStream(stream);
    const changes = (event!.data as { changes: Record<string, unknown> }).changes;
    expect(changes['companySector']).toBe('Boulangerie');
    expect((event!.metadata['actor'] as { id: string }).id).toBe('v-1');
    expect(Object.keys(changes).sort()).toEqual(['companySector', 'contactEmail']);
    // …reading a personal field opens it: an error, never the ciphertext nor a wrong value.
    expect(() => changes['contactEmail']).toThrow(`${stream}#0: its personal data envelope does not open`);
    expect(() => event!.metadata['ip']).toThrow('does not open');
  });

  it('opens the envelope once for all the fields of an event, and keeps what it read', async () => {
    const { store } = setUp();
    await store.appendToStream(stream, [saved], { expectedRevision: 'no_stream' });
    const [event] = await store.readStream(stream);
    const changes = (event!.data as { changes: Record<string, unknown> }).changes;
    expect(Object.getOwnPropertyDescriptor(changes, 'contactEmail')?.get).toBeInstanceOf(Function);
    expect(event!.metadata['ip']).toBe('203.0.113.7');
    // The metadata's read opened the envelope: the data's field holds its value from now on.
    expect(changes['contactEmail']).toBe('claire@martin.fr');
    expect(Object.getOwnPropertyDescriptor(changes, 'contactEmail')).toMatchObject({
      value: 'claire@martin.fr',
      writable: true,
      enumerable: true,
    });
  });

  it('still reads the fields each sealed alone, as the log stores them from before 2026-11-27', async () => {
    const { inner, store, keys } = setUp();
    const key = await keys.keyFor(`order:${orderId}`);
    const sealAlone = (value: string) => ({
      $enc: seal(key!, Buffer.from(value), stream).toString('base64'),
      subject: `order:${orderId}`,
    });
    await inner.appendToStream(
      stream,
      [
        {
          ...saved,
          data: {
            ...savedData,
            changes: { ...savedData.changes, contactEmail: sealAlone('claire@martin.fr') },
          },
          metadata: { ...metadata, ip: sealAlone('203.0.113.7') },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    expect(isSealed(inner.stored[0]!.metadata['ip'])).toBe(true);
    const [event] = await store.readStream(stream);
    expect(event!.data).toEqual(saved.data);
    expect(event!.metadata).toEqual(metadata);
    await keys.erase([`order:${orderId}`]);
    const [erased] = await store.readStream(stream);
    expect(erased!.data).toEqual({
      currentStep: 3,
      changes: { contactEmail: ERASED, companySector: 'Boulangerie' },
    });
    expect(erased!.metadata).toEqual({ ...metadata, ip: ERASED });
  });

  it('refuses a sealed field whose event has no envelope', async () => {
    const { inner, store, keys } = setUp();
    await keys.keyFor(`order:${orderId}`);
    await inner.appendToStream(stream, [{ ...saved, metadata: { ...metadata, ip: { $sealed: true } } }], {
      expectedRevision: 'no_stream',
    });
    await expect(store.readStream(stream)).rejects.toThrow(`${stream}#0: a sealed field, but no envelope`);
  });

  it('uses AES-256-GCM bound to the stream: an envelope moved to another order does not open', async () => {
    const key = randomBytes(32);
    const sealed = seal(key, Buffer.from('Claire'), stream);
    expect(sealed.length).toBe(12 + 16 + 'Claire'.length);
    expect(open(key, sealed, stream).toString()).toBe('Claire');
    expect(() => open(key, sealed, `order-${randomUUID()}`)).toThrow();
    expect(() => open(randomBytes(32), sealed, stream)).toThrow();
  });

  it('never gives two envelopes the same IV, across the draws of random bytes its IVs are cut from', () => {
    const key = randomBytes(32);
    // 341 IVs per draw: 1,000 seals span three draws and their seams.
    const sealed = Array.from({ length: 1_000 }, () => seal(key, Buffer.from('Claire'), stream));
    const ivs = new Set(sealed.map((envelope) => envelope.subarray(0, 12).toString('hex')));
    expect(ivs.size).toBe(1_000);
    expect(sealed.every((envelope) => open(key, envelope, stream).toString() === 'Claire')).toBe(true);
  });
  it('shows "données effacées" once the key is destroyed, and keeps amounts and the rest', async () => {
    const { inner, store, keys } = setUp();
    await store.appendToStream(stream, [saved, paid], { expectedRevision: 'no_stream' });
    await keys.erase([`order:${orderId}`]);
    const [event, payment] = await store.readStream(stream);
    expect(event!.data).toEqual({
      currentStep: 3,
      changes: { contactEmail: ERASED, companySector: 'Boulangerie' },
    });
    expect(event!.metadata).toEqual({ ...metadata, ip: ERASED });
    expect(payment!.data).toEqual(paid.data);
    // The log keeps the envelope it can no longer open: the chain covers it.
    expect(inner.stored[0]!.metadata['$sealed']).toEqual({
      $enc: expect.any(String),
      subject: `order:${orderId}`,
    });
  });

  it('writes no personal data for a subject already erased', async () => {
    const { inner, store, keys } = setUp();
    await keys.erase([`order:${orderId}`]);
    await store.appendToStream(stream, [saved], { expectedRevision: 'no_stream' });
    expect((inner.stored[0]!.data as { changes: unknown }).changes).toEqual({
      contactEmail: ERASED,
      companySector: 'Boulangerie',
    });
  });

  it('asks for the key only when an event carries personal data', async () => {
    const { store, keys } = setUp();
    const emptyDraftSave = {
      ...saved,
      data: { currentStep: 2, changes: { selectedTemplate: 'onepage' } },
      metadata: paid.metadata,
    };
    await store.appendToStream(stream, [paid, emptyDraftSave], { expectedRevision: 'any' });
    expect(keys.asked).toBe(0);
    await store.appendToStream(stream, [saved], { expectedRevision: 'any' });
    expect(keys.asked).toBe(1);
    // Its metadata too: the IP address a command came from is personal.
    await store.appendToStream(stream, [{ ...emptyDraftSave, metadata }], { expectedRevision: 'any' });
    expect(keys.asked).toBe(2);
  });

  it('forgets the keys a ClientDataErased names as soon as it reads it, and tells who keeps state', async () => {
    const { inner, store, keys } = setUp();
    const clientId = randomUUID();
    await inner.appendToStream(
      `client-${clientId}`,
      [
        {
          type: 'ClientDataErased',
          schemaVersion: 1,
          data: { clientId, orderIds: [orderId], reason: 'Demande du client', plaintextEvents: 0 },
          metadata,
        },
      ],
      { expectedRevision: 'any' },
    );
    const heard: unknown[] = [];
    store.onErasure((erasure) => heard.push(erasure));
    await store.readAll({ after: null, limit: 10 });
    expect(keys.forgotten).toEqual([`client:${clientId}`, `order:${orderId}`]);
    expect(heard).toMatchObject([{ clientId, orderIds: [orderId] }]);
  });

  it('forgets the key an OrderContactErased names as soon as it reads it, and tells who keeps state', async () => {
    const { inner, store, keys } = setUp();
    await inner.appendToStream(
      stream,
      [
        {
          type: 'OrderContactErased',
          schemaVersion: 1,
          data: { reason: 'Demande du visiteur', plaintextEvents: 0 },
          metadata,
        },
      ],
      { expectedRevision: 'any' },
    );
    const heard: unknown[] = [];
    store.onErasure((erasure) => heard.push(erasure));
    await store.readStream(stream);
    expect(keys.forgotten).toEqual([`order:${orderId}`]);
    expect(heard).toEqual([{ clientId: null, orderIds: [orderId] }]);
  });

  it('counts the events stored in clear before encryption existed, and gives the raw store to verify-log', async () => {
    const { inner, store } = setUp();
    await inner.appendToStream(stream, [saved], { expectedRevision: 'any' }); // as an older version wrote it
    await store.appendToStream(stream, [saved, paid], { expectedRevision: 'any' });
    expect(countPlaintextPersonalEvents(inner.stored)).toBe(1);
    expect(rawEventStore(store)).toBe(inner);
  });

  it('shows an erased subject’s fields stored in clear (before encryption) as erased too', async () => {
    const { inner, store, keys } = setUp();
    await inner.appendToStream(stream, [saved], { expectedRevision: 'any' });
    expect((await store.readStream(stream))[0]!.data).toEqual(saved.data);
    await keys.erase([`order:${orderId}`]);
    const [event] = await store.readStream(stream);
    expect((event!.data as { changes: unknown }).changes).toEqual({
      contactEmail: ERASED,
      companySector: 'Boulangerie',
    });
    // The log itself keeps them as written: it is never rewritten.
    expect(JSON.stringify(inner.stored[0]!.data)).toContain('claire@martin.fr');
  });

  it('seals each team member’s name and address under their own key in the one team stream, and reads those written in clear as they are', async () => {
    const { inner, store, keys } = setUp();
    const member = (memberId: string, name: string, email: string): NewEvent => ({
      type: 'TeamMemberAdded',
      schemaVersion: 1,
      data: { memberId, name, email, role: 'auditor', reason: 'Contrôle des comptes' },
      metadata: { ...metadata, actor: { kind: 'admin', id: 'a-1' } },
    });
    const zoe = member('a1b2c3d4-0000-4000-8000-000000000001', 'Zoé Martin', 'zoe@coseso.fr');
    const hugo = member('a1b2c3d4-0000-4000-8000-000000000002', 'Hugo Bernard', 'hugo@coseso.fr');
    // Written before team events were sealed: in clear, and never rewritten.
    const old = member('a1b2c3d4-0000-4000-8000-000000000003', 'Ana Old', 'ana@coseso.fr');
    await inner.appendToStream('team', [old], { expectedRevision: 'any' });
    await store.appendToStream('team', [zoe, hugo], { expectedRevision: 'any' });

    const [, rawZoe, rawHugo] = inner.stored as [StoredEvent, StoredEvent, StoredEvent];
    expect(rawZoe.data).toEqual({
      ...(zoe.data as object),
      name: { $sealed: true },
      email: { $sealed: true },
    });
    expect(rawZoe.metadata['$sealed']).toMatchObject({
      subject: 'member:a1b2c3d4-0000-4000-8000-000000000001',
    });
    expect(rawHugo.metadata['$sealed']).toMatchObject({
      subject: 'member:a1b2c3d4-0000-4000-8000-000000000002',
    });
    expect(JSON.stringify(inner.stored.slice(1).map((e) => [e.data, e.metadata]))).not.toMatch(
      /zoe@coseso|hugo@coseso|Zoé Martin/,
    );

    const read = await store.readStream('team');
    expect(read.map((e) => e.data)).toEqual([old.data, zoe.data, hugo.data]);
    expect(countPlaintextPersonalEvents(inner.stored)).toBe(1);
    // One member's key gone, the other's fields still open.
    await keys.erase(['member:a1b2c3d4-0000-4000-8000-000000000001']);
    const [, erased, kept] = await store.readStream('team');
    expect(erased!.data).toMatchObject({ name: ERASED, email: ERASED, role: 'auditor' });
    expect(kept!.data).toEqual(hugo.data);
  });
});
