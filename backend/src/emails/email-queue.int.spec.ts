import { randomBytes, randomUUID } from 'node:crypto';
import { parseEmailData } from './email-templates.js';
import { EmailQueue, type EmailQueueOptions, jobIdOf } from './email-queue.js';
import { type MailTransport, type OutgoingEmail } from './mail-transport.js';
import { emailSamples } from './testing/email-samples.js';
import { until } from '../testing/waits.js';

// Real Redis; each test has queues of its own (another schema prefix), emptied afterwards.
const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const publicUrl = 'https://app.coseso.fr';

class RecordingTransport implements MailTransport {
  readonly mode = 'dev-mailbox';
  readonly sent: OutgoingEmail[] = [];
  calls = 0;

  constructor(private readonly failures = 0) {}

  async send(message: OutgoingEmail): Promise<{ messageId: string }> {
    this.calls += 1;
    if (this.calls <= this.failures) throw new Error(`SMTP down (${this.calls})`);
    this.sent.push(message);
    return { messageId: `m${this.sent.length}` };
  }

  async close(): Promise<void> {}

  async waitFor(count: number, timeoutMs = 30_000): Promise<void> {
    await until(() => this.sent.length >= count, timeoutMs).catch(() => {
      throw new Error(`only ${this.sent.length} of ${count} emails sent`);
    });
  }
}

interface LogLine {
  level: 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

const opened: EmailQueue[] = [];
function open({
  schema,
  ...overrides
}: Partial<EmailQueueOptions> & { transport: MailTransport; schema: string }) {
  const lines: LogLine[] = [];
  const queue = new EmailQueue({
    redisPrefix: `coseso:${schema}`,
    redisUrl,
    publicUrl,
    work: true,
    backoffMs: 50,
    log: {
      info: (fields, message) => lines.push({ level: 'info', fields, message }),
      warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
      error: (fields, message) => lines.push({ level: 'error', fields, message }),
    },
    ...overrides,
  });
  opened.push(queue);
  return { queue, lines };
}
const schema = () => `q_${randomBytes(6).toString('hex')}`;

afterEach(async () => {
  for (const queue of opened.splice(0)) {
    await queue.queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
  }
});

const receipt = () => ({
  template: 'payment-receipt' as const,
  to: 'claire@boulangerie-martin.fr',
  data: parseEmailData('payment-receipt', emailSamples['payment-receipt']),
});

describe('the email queue', () => {
  it('renders a job and sends it through the transport', async () => {
    const transport = new RecordingTransport();
    const { queue } = open({ transport, schema: schema() });
    await queue.add(receipt(), `${randomUUID()}:payment-receipt`);
    await transport.waitFor(1);
    expect(transport.sent[0]).toMatchObject({
      to: 'claire@boulangerie-martin.fr',
      template: 'payment-receipt',
      subject: 'Paiement reçu : acompte de 50 % – commande #1042',
    });
    expect(transport.sent[0]!.html).toContain(`${publicUrl}/dashboard/`);
    expect(transport.sent[0]!.text).toContain('15 mars 2025');
  });

  it('sends once per idempotency key, whether the first job is waiting or already sent', async () => {
    const transport = new RecordingTransport();
    const name = schema();
    // The API enqueues, a worker process sends.
    const { queue: producer } = open({ transport, schema: name, work: false });
    const key = `${randomUUID()}:payment-receipt`;
    await producer.add(receipt(), key);
    await producer.add(receipt(), key);
    open({ transport, schema: name });
    await transport.waitFor(1);
    await producer.add(receipt(), key);
    await producer.add(receipt(), `${randomUUID()}:payment-receipt`);
    await transport.waitFor(2);
    // A duplicate taken as a job of its own would be pending or sent: wait until nothing is pending.
    await until(async () => {
      const { waiting, active, delayed } = await producer.queue.getJobCounts('waiting', 'active', 'delayed');
      return waiting === 0 && active === 0 && delayed === 0;
    });
    expect(transport.sent).toHaveLength(2);
    expect(await producer.queue.getJobCounts('completed', 'waiting', 'failed')).toEqual({
      completed: 2,
      waiting: 0,
      failed: 0,
    });
  });

  it('retries a failing transport with backoff until the email goes, logging each failure', async () => {
    const transport = new RecordingTransport(2);
    const { queue, lines } = open({ transport, schema: schema() });
    const key = `${randomUUID()}:payment-receipt`;
    await queue.add(receipt(), key);
    await transport.waitFor(1);
    expect(transport.calls).toBe(3);
    const job = await queue.queue.getJob(jobIdOf(key));
    await until(async () => (await job!.getState()) === 'completed');
    expect(lines.map((line) => [line.level, line.message, line.fields['attempt']])).toEqual([
      ['warn', 'email not sent: will retry', 1],
      ['warn', 'email not sent: will retry', 2],
    ]);
    expect(lines[0]!.fields).toMatchObject({
      template: 'payment-receipt',
      to: 'claire@boulangerie-martin.fr',
      err: 'SMTP down (1)',
    });
    // Logs say which email, never what it says.
    expect(JSON.stringify(lines)).not.toMatch(/Boulangerie|1042|Bonjour/);
  });

  it('leaves an email that never goes in the failed set, visible, after its attempts', async () => {
    const transport = new RecordingTransport(Infinity);
    const { queue, lines } = open({ transport, schema: schema(), attempts: 3 });
    await queue.add(receipt(), 'order-1:payment-receipt');
    // The job is in the failed set a moment before the worker's listener logs it: wait for both.
    await until(async () => (await queue.queue.getFailedCount()) === 1 && lines.at(-1)?.level === 'error');
    expect(transport.calls).toBe(3);
    const [failed] = await queue.queue.getFailed();
    expect(failed!.failedReason).toBe('SMTP down (3)');
    expect(failed!.data.to).toBe('claire@boulangerie-martin.fr');
    expect(lines.at(-1)).toMatchObject({
      level: 'error',
      message: 'email not sent: given up, the job stays in the failed set',
      fields: { template: 'payment-receipt', attempt: 3 },
    });
  });

  it('does not retry data that cannot be rendered', async () => {
    const transport = new RecordingTransport();
    const { queue, lines } = open({ transport, schema: schema() });
    await queue.add({ template: 'delivered', to: 'a@b.fr', data: { orderNumber: 'x' } }, 'bad-data');
    await until(async () => (await queue.queue.getFailedCount()) === 1 && lines.length > 0);
    expect(transport.calls).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', fields: { template: 'delivered', attempt: 1 } });
    expect(lines[0]!.fields['err']).toMatch(/Email "delivered": orderNumber/);
  });

  it('leaves jobs for the workers when this process is not one, and closes cleanly', async () => {
    const transport = new RecordingTransport();
    const name = schema();
    const { queue: producer } = open({ transport, schema: name, work: false });
    await producer.add(receipt(), 'waits');
    // No worker runs in this process: the job stays waiting, and no send was even tried.
    expect(await producer.queue.getJobCounts('waiting', 'active')).toEqual({ waiting: 1, active: 0 });
    expect(await producer.queue.getWorkers()).toHaveLength(0);
    expect(transport.calls).toBe(0);

    const worker = new EmailQueue({
      redisUrl,
      publicUrl,
      redisPrefix: `coseso:${name}`,
      transport,
      work: true,
      log: { info() {}, warn() {}, error() {} },
    });
    await transport.waitFor(1);
    await expect(worker.close()).resolves.toBeUndefined();
  });

  it('finishes the send under way before closing', async () => {
    const transport = new RecordingTransport();
    // A send that goes on until close() has been called: close must wait for it, not cut it.
    let closeCalled!: () => void;
    const closing = new Promise<void>((resolve) => (closeCalled = resolve));
    const slow: MailTransport = {
      mode: 'dev-mailbox',
      send: async (message) => {
        await closing;
        return transport.send(message);
      },
      close: async () => {},
    };
    const name = schema();
    const queue = new EmailQueue({
      redisUrl,
      publicUrl,
      redisPrefix: `coseso:${name}`,
      transport: slow,
      work: true,
      log: { info() {}, warn() {}, error() {} },
    });
    await queue.add(receipt(), 'slow');
    await until(async () => (await queue.queue.getJobCounts('active')).active === 1);
    const closed = queue.close();
    closeCalled();
    await closed;
    expect(transport.sent).toHaveLength(1);
    // And the job's end was recorded before the connections went: a close that did not wait would leave it active.
    const { queue: after } = open({ transport, schema: name, work: false }); // empties the queue afterwards
    expect(await after.queue.getJobCounts('active', 'completed')).toEqual({ active: 0, completed: 1 });
  });

  it('keeps distinct keys distinct once escaped for BullMQ', () => {
    expect(jobIdOf('evt-1:payment-receipt')).toBe('email-evt-1%3Apayment-receipt');
    expect(jobIdOf('evt-1%3Apayment-receipt')).not.toBe(jobIdOf('evt-1:payment-receipt'));
    expect(jobIdOf('42')).toBe('email-42');
    expect(() => jobIdOf('')).toThrow();
  });
});
