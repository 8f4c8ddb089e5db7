import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  type EmailTemplateName,
  InvalidEmailDataError,
  isEmailTemplateName,
  renderEmail,
} from './email-templates.js';
import { type EmailAttachment, type MailTransport, PermanentDeliveryError } from './mail-transport.js';

/** What travels through Redis: the data is already checked and normalised by the producer. */
export interface EmailJob {
  readonly template: EmailTemplateName;
  readonly to: string;
  readonly data: unknown;
  /** The order the email is about, if any (see EmailService.forgetRecipient). */
  readonly orderId?: string;
  readonly attachments?: readonly EmailAttachment[];
}

/** An email the queue gave up on: every attempt failed, or its data could never be sent. */
export interface GivenUpEmail {
  readonly emailKey: string;
  readonly template: string;
  readonly to: string;
  readonly orderId?: string;
  /** When it was enqueued, ISO 8601. */
  readonly since: string;
  readonly attempts: number;
  readonly error: string;
}

type Fields = Record<string, unknown>;
export interface EmailQueueLog {
  info(fields: Fields, message: string): void;
  warn(fields: Fields, message: string): void;
  error(fields: Fields, message: string): void;
}

export interface EmailQueueOptions {
  readonly redisUrl: string;
  /** The instance's Redis key prefix: the queue's keys live under `<prefix>:emails:…`. */
  readonly redisPrefix: string;
  readonly publicUrl: string;
  readonly transport: MailTransport;
  /** Whether this process sends (the 'worker' role); every process can enqueue. */
  readonly work: boolean;
  readonly log: EmailQueueLog;
  readonly attempts?: number;
  /** The first retry's delay in ms, doubled at each further one. */
  readonly backoffMs?: number;
  readonly concurrency?: number;
}

/**
 * Which of an address's emails to forget: all of them (a client's erasure), or those about one order
 * and those about none (a visitor's erasure of one order's contact: the same address may have
 * ordered again, and that order's emails are not part of the erasure).
 */
export interface RecipientScope {
  readonly orderId?: string;
}

const withinScope = (about: string | undefined, { orderId }: RecipientScope) =>
  orderId === undefined || about === undefined || about === orderId;

export const EMAIL_QUEUE_NAME = 'emails';
const DAY = 24 * 60 * 60;

/**
 * The 'emails' BullMQ queue and, in worker processes, its worker. A job's id is the caller's
 * idempotency key, so the same key enqueued twice sends once: while the first job waits, runs, has
 * failed, or for 7 days after it was sent (then Redis forgets it).
 */
export class EmailQueue {
  readonly queue: Queue<EmailJob>;
  private readonly redis: Redis;
  private readonly producer: Redis;
  private readonly worker: Worker<EmailJob, { messageId: string }> | null;
  private readonly givenUpListeners: ((email: GivenUpEmail) => Promise<void>)[] = [];

  constructor(private readonly options: EmailQueueOptions) {
    const { log } = options;
    // The worker's client of our own: BullMQ needs maxRetriesPerRequest null, unlike the app's shared client.
    this.redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    // Enqueuing fails at once while Redis is away (no offline queue): a request is answered 503
    // instead of waiting for it, a job is retried.
    this.producer = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    const prefix = options.redisPrefix;
    this.queue = new Queue<EmailJob>(EMAIL_QUEUE_NAME, {
      connection: this.producer,
      prefix,
      defaultJobOptions: {
        attempts: options.attempts ?? 5,
        backoff: { type: 'exponential', delay: options.backoffMs ?? 2_000 },
        // Kept so that a repeated key is recognised, and so that failures stay visible.
        removeOnComplete: { age: 7 * DAY },
        removeOnFail: { age: 30 * DAY },
      },
    });
    this.queue.on('error', (error) => log.error({ err: error.message }, 'email queue error'));
    this.worker = options.work
      ? new Worker<EmailJob, { messageId: string }>(EMAIL_QUEUE_NAME, (job) => this.process(job), {
          connection: this.redis,
          prefix,
          concurrency: options.concurrency ?? 4,
        })
      : null;
    this.worker?.on('error', (error) => log.error({ err: error.message }, 'email worker error'));
    this.worker?.on('failed', (job, error) => {
      const fields = {
        template: job?.data.template,
        to: job?.data.to,
        jobId: job?.id,
        attempt: job?.attemptsMade,
        err: error.message,
      };
      const final =
        !job || error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (!final) return log.warn(fields, 'email not sent: will retry');
      log.error(fields, 'email not sent: given up, the job stays in the failed set');
      if (!job?.id) return;
      const givenUp: GivenUpEmail = {
        emailKey: job.id,
        template: job.data.template,
        to: job.data.to,
        ...(job.data.orderId && { orderId: job.data.orderId }),
        since: new Date(job.timestamp).toISOString(),
        attempts: Math.max(1, job.attemptsMade),
        error: error.message,
      };
      for (const listener of this.givenUpListeners)
        listener(givenUp).catch((failure: unknown) =>
          log.error({ ...fields, err: String(failure) }, 'an email given up on could not be reported'),
        );
    });
  }

  /** Called, in worker processes, with each email the queue gives up on. */
  onGivenUp(listener: (email: GivenUpEmail) => Promise<void>): void {
    this.givenUpListeners.push(listener);
  }

  /** Enqueues once per idempotency key. The data must have been checked with parseEmailData. */
  async add(job: EmailJob, idempotencyKey: string): Promise<void> {
    await this.queue.add(job.template, job, { jobId: jobIdOf(idempotencyKey) });
  }

  /**
   * Removes every job addressed to `to` that has not run or that Redis still keeps (waiting, delayed,
   * failed, and sent ones kept for idempotency): their data holds the person's. Returns how many.
   * Within `scope`, only the jobs about `scope.orderId` or about no order.
   */
  async removeJobsTo(to: string, scope: RecipientScope = {}): Promise<number> {
    const jobs = await this.queue.getJobs(['waiting', 'delayed', 'prioritized', 'failed', 'completed']);
    const theirs = jobs.filter(
      (job) => job?.data.to.toLowerCase() === to.toLowerCase() && withinScope(job.data.orderId, scope),
    );
    // A job the worker holds at this instant cannot be removed; it is the last to go out.
    const removed = await Promise.all(
      theirs.map((job) =>
        job.remove().then(
          () => true,
          () => false,
        ),
      ),
    );
    return removed.filter(Boolean).length;
  }

  /** Waits for the sends under way, then lets go of Redis. */
  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
    await this.producer.quit().catch(() => this.producer.disconnect());
  }

  private async process(job: Job<EmailJob>): Promise<{ messageId: string }> {
    const { template, to, data, orderId, attachments } = job.data;
    let rendered;
    try {
      if (!isEmailTemplateName(template))
        throw new InvalidEmailDataError(`Unknown email template "${template}"`);
      rendered = renderEmail(template, data as never, { publicUrl: this.options.publicUrl });
    } catch (error) {
      // The same data would fail the same way: no retry.
      if (error instanceof InvalidEmailDataError) throw new UnrecoverableError(error.message);
      throw error;
    }
    return this.options.transport
      .send({
        to,
        template,
        ...rendered,
        idempotencyKey: job.id,
        orderId,
        ...(attachments ? { attachments } : {}),
      })
      .catch((error: unknown) => {
        throw error instanceof PermanentDeliveryError ? new UnrecoverableError(error.message) : error;
      });
  }
}

/** BullMQ refuses ':' and integer-looking ids; escaping keeps distinct keys distinct. */
export function jobIdOf(idempotencyKey: string): string {
  if (idempotencyKey.length === 0 || idempotencyKey.length > 300)
    throw new Error('An email idempotency key has 1 to 300 characters');
  return `email-${idempotencyKey.replace(/%/g, '%25').replace(/:/g, '%3A')}`;
}
