import { createHash, randomUUID } from 'node:crypto';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { allMigrations } from '../infra/database/all-migrations.js';
import { DevMailboxTransport } from './dev-mailbox-transport.js';

let db: TestSchema;

beforeAll(async () => {
  db = await createTestSchema('mailbox', 4, { migrations: allMigrations });
});
afterAll(() => db.drop());

const email = (n: number) => ({
  to: `client${n}@exemple.fr`,
  subject: `Sujet n° ${n} : « accentué »`,
  html: `<p>Bonjour ${n}</p>`,
  text: `Bonjour ${n}`,
  template: 'test-email',
});

describe('the dev mailbox transport', () => {
  it('stores every email and lists them newest first', async () => {
    const mailbox = new DevMailboxTransport(db.pool, db.schema);
    expect(await mailbox.list()).toEqual([]);
    const first = await mailbox.send(email(1));
    const second = await mailbox.send(email(2));
    await mailbox.send(email(3));

    const listed = await mailbox.list(2);
    expect(listed.map((entry) => entry.subject)).toEqual([
      'Sujet n° 3 : « accentué »',
      'Sujet n° 2 : « accentué »',
    ]);
    const all = await mailbox.list();
    expect(all).toHaveLength(3);
    expect(all[2]).toEqual({
      id: first.messageId,
      to: 'client1@exemple.fr',
      subject: 'Sujet n° 1 : « accentué »',
      html: '<p>Bonjour 1</p>',
      text: 'Bonjour 1',
      template: 'test-email',
      orderId: null,
      sentAt: expect.any(Date),
      attachments: [],
    });
    expect(all[1]!.id).toBe(second.messageId);
    expect(first.messageId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lives in the app schema, where another process finds the same emails', async () => {
    const other = new DevMailboxTransport(db.pool, db.schema);
    expect((await other.list()).length).toBeGreaterThanOrEqual(3);
    const { rows } = await db.pool.query(
      `select column_name from information_schema.columns where table_schema = $1 and table_name = 'dev_mailbox' order by ordinal_position`,
      [db.schema],
    );
    expect(rows.map((row: { column_name: string }) => row.column_name)).toEqual([
      'id',
      'recipient',
      'subject',
      'html',
      'text',
      'template',
      'sent_at',
      'idempotency_key',
      'order_id',
      'attachments',
    ]);
  });

  it('keeps what was attached: name, type, size and SHA-256, not the bytes', async () => {
    const mailbox = new DevMailboxTransport(db.pool, db.schema);
    const content = Buffer.from('%PDF-1.7 facture');
    await mailbox.send({
      ...email(8),
      attachments: [
        {
          filename: 'F-2026-000001.pdf',
          contentType: 'application/pdf',
          contentBase64: content.toString('base64'),
        },
      ],
    });
    const [latest] = await mailbox.list(1);
    expect(latest!.attachments).toEqual([
      {
        filename: 'F-2026-000001.pdf',
        contentType: 'application/pdf',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
      },
    ]);
  });

  it('delivers an idempotency key once: the same job sent again gives the first email back', async () => {
    const mailbox = new DevMailboxTransport(db.pool, db.schema);
    const before = (await mailbox.list(500)).length;
    const sent = await Promise.all(
      [1, 2, 3].map(() => mailbox.send({ ...email(9), idempotencyKey: 'email-event-9%3Areceipt' })),
    );
    expect(new Set(sent.map((s) => s.messageId)).size).toBe(1);
    const other = await mailbox.send({ ...email(9), idempotencyKey: 'email-event-10%3Areceipt' });
    expect(other.messageId).not.toBe(sent[0]!.messageId);
    // Without a key (a transport used outside the queue), every email is its own.
    await mailbox.send(email(9));
    expect((await mailbox.list(500)).length).toBe(before + 2 + 1);
  });

  it('forgets an address: every email to it, or only those about one order and those about none', async () => {
    const mailbox = new DevMailboxTransport(db.pool, db.schema);
    const to = `${randomUUID()}@exemple.fr`;
    const [erasedOrder, otherOrder] = [randomUUID(), randomUUID()];
    await mailbox.send({ ...email(20), to, orderId: erasedOrder });
    await mailbox.send({ ...email(21), to: to.toUpperCase(), orderId: erasedOrder });
    await mailbox.send({ ...email(22), to, orderId: otherOrder });
    await mailbox.send({ ...email(23), to });
    await mailbox.send({ ...email(24), orderId: erasedOrder }); // another address
    const theirs = async () =>
      (await mailbox.list(500))
        .filter((entry) => entry.to.toLowerCase() === to)
        .map((entry) => [entry.subject, entry.orderId]);

    expect(await mailbox.forgetRecipient(to, { orderId: erasedOrder })).toBe(3);
    expect(await theirs()).toEqual([['Sujet n° 22 : « accentué »', otherOrder]]);
    expect((await mailbox.list(500)).map((entry) => entry.subject)).toContain('Sujet n° 24 : « accentué »');

    expect(await mailbox.forgetRecipient(to)).toBe(1);
    expect(await theirs()).toEqual([]);
  });
});
