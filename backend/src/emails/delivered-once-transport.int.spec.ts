import { randomUUID } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { allMigrations } from '../infra/database/all-migrations.js';
import { SMTPServer } from 'smtp-server';
import { DeliveredOnceTransport } from './delivered-once-transport.js';
import {
  DELIVERY_LOG_APPLICATION_NAME,
  PostgresDeliveryLog,
  type PostgresDeliveryLogOptions,
  type UnrecordedDelivery,
} from './postgres-delivery-log.js';
import { type MailTransport, type OutgoingEmail } from './mail-transport.js';
import { SmtpMailTransport } from './smtp-mail-transport.js';
import { until } from '../testing/waits.js';

// A real SMTP server on loopback, with a login, and Postgres in a schema of this file's own.
let db: TestSchema;
let server: SMTPServer;
let port: number;
const received: { to: string[]; messageId: string | undefined }[] = [];
/** While set, the server holds each email's DATA until it settles: a slow provider. */
let holdData: Promise<void> | null = null;

beforeAll(async () => {
  db = await createTestSchema('delivered', 4, { migrations: allMigrations });
  server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'coseso' && auth.password === 'secret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          messageId: /^message-id:\s*(\S+)/im.exec(raw)?.[1],
        });
        void (holdData ?? Promise.resolve()).then(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.drop();
});

const unrecorded: UnrecordedDelivery[] = [];
const transports: MailTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
});

function deliveredOnce(
  inner: MailTransport = new SmtpMailTransport({ url: `smtp://coseso:secret@127.0.0.1:${port}` }),
  options: Partial<PostgresDeliveryLogOptions> = {},
): DeliveredOnceTransport {
  const transport = new DeliveredOnceTransport(
    inner,
    new PostgresDeliveryLog({
      pool: db.pool,
      connectionString: db.url,
      schema: db.schema,
      onUnrecorded: (delivery) => unrecorded.push(delivery),
      ...options,
    }),
  );
  transports.push(transport);
  return transport;
}

const email = (to: string, idempotencyKey?: string): OutgoingEmail => ({
  to,
  subject: 'Paiement reçu',
  html: '<p>Merci</p>',
  text: 'Merci',
  template: 'payment-receipt',
  ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
});
const key = () => `email-${randomUUID()}%3Apayment-receipt`;
const sentTo = (to: string) => received.filter((r) => r.to.includes(to));
const logged = async (idempotencyKey: string) =>
  (
    await db.pool.query(`select * from "${db.schema}".email_deliveries where idempotency_key = $1`, [
      idempotencyKey,
    ])
  ).rows;

/** Wraps a transport to do something in the middle of its send, once the email has gone. */
const afterSending = (inner: MailTransport, then: () => Promise<void>): MailTransport => ({
  mode: inner.mode,
  send: async (message) => {
    const sent = await inner.send(message);
    await then();
    return sent;
  },
  close: () => inner.close(),
});

describe('the delivered-once transport (SMTP with a delivery log in Postgres)', () => {
  it('sends a key once: the same key again gives the first Message-ID and nothing more', async () => {
    const transport = deliveredOnce();
    expect(transport.mode).toBe('smtp');
    const to = `${randomUUID()}@exemple.fr`;
    const k = key();
    const first = await transport.send(email(to, k));
    const again = await transport.send(email(to, k));
    expect(again).toEqual(first);
    expect(sentTo(to)).toEqual([{ to: [to], messageId: first.messageId }]);
    // Another process (another transport, the same schema) knows it too.
    expect(await deliveredOnce().send(email(to, k))).toEqual(first);
    expect(sentTo(to)).toHaveLength(1);
  });

  it('sends one email for ten concurrent sends of one key, each told its Message-ID', async () => {
    const [a, b] = [deliveredOnce(), deliveredOnce()];
    const to = `${randomUUID()}@exemple.fr`;
    const k = key();
    const sent = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).send(email(to, k))));
    expect(sentTo(to)).toHaveLength(1);
    expect(new Set(sent.map((s) => s.messageId))).toEqual(new Set([sentTo(to)[0]!.messageId]));
  });

  it('makes a second send of a key wait for the first, and gives up after lockWaitMs, having sent nothing', async () => {
    const to = `${randomUUID()}@exemple.fr`;
    const k = key();
    let release!: () => void;
    holdData = new Promise((resolve) => (release = resolve));
    try {
      const first = deliveredOnce().send(email(to, k));
      await until(() => sentTo(to).length === 1);
      const started = Date.now();
      await expect(deliveredOnce(undefined, { lockWaitMs: 300 }).send(email(to, k))).rejects.toMatchObject({
        code: '55P03',
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      const waiting = deliveredOnce().send(email(to, k));
      await until(async () => {
        const { rows } = await db.pool.query(
          `select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where a.application_name = $1 and l.locktype = 'advisory' and not l.granted`,
          [DELIVERY_LOG_APPLICATION_NAME],
        );
        return rows.length === 1;
      });
      release();
      const { messageId } = await first;
      expect(await waiting).toEqual({ messageId });
    } finally {
      release();
      holdData = null;
    }
    expect(sentTo(to)).toHaveLength(1);
  });

  it('records nothing when the send fails (login refused, server away), so a later send delivers', async () => {
    const to = `${randomUUID()}@exemple.fr`;
    const k = key();
    const refused = deliveredOnce(new SmtpMailTransport({ url: `smtp://coseso:wrong@127.0.0.1:${port}` }));
    await expect(refused.send(email(to, k))).rejects.toThrow(/Invalid username or password/);
    const away = deliveredOnce(new SmtpMailTransport({ url: 'smtp://127.0.0.1:9', timeoutMs: 1_000 }));
    await expect(away.send(email(to, k))).rejects.toThrow();
    expect(await logged(k)).toEqual([]);
    expect(sentTo(to)).toEqual([]);

    const { messageId } = await deliveredOnce().send(email(to, k));
    expect(sentTo(to)).toEqual([{ to: [to], messageId }]);
  });

  it('sends every email without a key, and every key once', async () => {
    const transport = deliveredOnce();
    const to = `${randomUUID()}@exemple.fr`;
    const [k1, k2] = [key(), key()];
    const ids = [
      await transport.send(email(to)),
      await transport.send(email(to)),
      await transport.send(email(to, k1)),
      await transport.send(email(to, k2)),
      await transport.send(email(to, k1)),
    ].map((s) => s.messageId);
    expect(sentTo(to)).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(ids[4]).toBe(ids[2]);
  });

  it('keeps nothing personal: the key, the Message-ID, the template and when', async () => {
    const to = `${randomUUID()}@exemple.fr`;
    const k = key();
    const { messageId } = await deliveredOnce().send(email(to, k));
    const rows = await logged(k);
    expect(rows).toEqual([
      { idempotency_key: k, message_id: messageId, template: 'payment-receipt', sent_at: expect.any(Date) },
    ]);
    expect(JSON.stringify(rows)).not.toContain(to.split('@')[0]);
  });

  it('records the email when the connection holding its lock is lost during the send', async () => {
    const to = `${randomUUID()}@exemple.fr`;
    const k = key();
    const lostConnections: Error[] = [];
    const transport = deliveredOnce(
      afterSending(new SmtpMailTransport({ url: `smtp://coseso:secret@127.0.0.1:${port}` }), async () => {
        // The session holding the key's lock, ended as a failover or an operator would.
        const { rows } = await db.pool.query(
          `select pg_terminate_backend(a.pid) as ended from pg_stat_activity a
            where a.application_name = $1
              and exists (select 1 from pg_locks l where l.pid = a.pid and l.locktype = 'advisory' and l.granted)`,
          [DELIVERY_LOG_APPLICATION_NAME],
        );
        expect(rows).toEqual([{ ended: true }]);
        // The log's pool has heard its connection go before the send returns to record.
        await until(() => lostConnections.length > 0);
      }),
      { onLostConnection: (error) => lostConnections.push(error) },
    );
    const { messageId } = await transport.send(email(to, k));
    expect(await logged(k)).toMatchObject([{ message_id: messageId }]);
    expect(unrecorded).toEqual([]);
    // The broken connection is not lent again: the same key, through the same pool, sends nothing.
    expect(await transport.send(email(to, k))).toEqual({ messageId });
    expect(sentTo(to)).toHaveLength(1);
  });

  it('does not fail a sent email it could not record, says so, and the key may then go out again', async () => {
    const to = `${randomUUID()}@exemple.fr`;
    const k = key();
    const table = `"${db.schema}".email_deliveries`;
    const transport = deliveredOnce(
      afterSending(new SmtpMailTransport({ url: `smtp://coseso:secret@127.0.0.1:${port}` }), async () => {
        await db.pool.query(`alter table ${table} rename to email_deliveries_away`);
      }),
    );
    let messageId: string;
    try {
      ({ messageId } = await transport.send(email(to, k)));
    } finally {
      await db.pool.query(`alter table "${db.schema}".email_deliveries_away rename to email_deliveries`);
    }
    expect(unrecorded).toEqual([
      {
        idempotencyKey: k,
        template: 'payment-receipt',
        messageId,
        err: expect.stringMatching(/email_deliveries/),
      },
    ]);
    unrecorded.length = 0;
    expect(await logged(k)).toEqual([]);
    // At least once: with no record, the job run again sends again (and is recorded this time).
    const again = await deliveredOnce().send(email(to, k));
    expect(again.messageId).not.toBe(messageId);
    expect(sentTo(to)).toHaveLength(2);
    expect(await logged(k)).toMatchObject([{ message_id: again.messageId }]);
  });
});
