import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { type AppConfig } from '../../config/app-config.js';
import { EMAIL_QUEUE_NAME } from '../../emails/email-queue.js';
import { ApiError } from '../../infra/http/api-errors.js';
import { redisKeyPrefix } from '../../infra/redis-key-prefix.js';
import { APP_CONFIG } from '../../infra/tokens.js';

/** Every BullMQ queue of the app: the side effects' jobs (onboarding, contracts, payments…) and the emails. */
export const JOB_QUEUES = ['jobs', EMAIL_QUEUE_NAME] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];

export interface FailedJob {
  readonly queue: JobQueueName;
  readonly id: string;
  readonly name: string;
  readonly error: string;
  /** The error's stack as BullMQ kept it, newest last. */
  readonly stacktrace: readonly string[];
  readonly attempts: number;
  readonly maxAttempts: number;
  /** A short, one-line view of the job's data (no email bodies). */
  readonly summary: string;
  readonly createdAt: string;
  readonly failedAt: string | null;
}

const SUMMARY_KEYS = ['template', 'to', 'orderId', 'eventId', 'type', 'clientId', 'paymentId'];

/** A line an operator can read: the identifying fields first, any other scalar after, cut at 200 characters. */
export function summarizeJobData(data: unknown): string {
  if (!data || typeof data !== 'object') return '';
  const entries = Object.entries(data as Record<string, unknown>).filter(
    ([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value),
  );
  entries.sort(([a], [b]) => rank(a) - rank(b));
  const line = entries.map(([key, value]) => `${key}=${String(value)}`).join(' ');
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
const rank = (key: string) => (SUMMARY_KEYS.includes(key) ? SUMMARY_KEYS.indexOf(key) : SUMMARY_KEYS.length);

/**
 * The failed set of every queue, for operators, and the retry of one job. Reads the queues the
 * workers use (same names, same key prefix) through a connection of its own.
 */
@Injectable()
export class FailedJobs implements OnApplicationShutdown {
  private readonly connection: Redis;
  private readonly queues: ReadonlyMap<JobQueueName, Queue>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // While Redis is away the operators' page is answered 503 at once, rather than left waiting.
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    const prefix = redisKeyPrefix(config);
    this.queues = new Map(
      JOB_QUEUES.map((name) => [name, new Queue(name, { connection: this.connection, prefix })]),
    );
  }

  /** The latest failed jobs of every queue, newest failure first. */
  async list(limit: number): Promise<FailedJob[]> {
    const jobs = await Promise.all(
      [...this.queues.entries()].map(async ([name, queue]) =>
        (await queue.getFailed(0, limit - 1)).map((job) => view(name, job)),
      ),
    );
    return jobs
      .flat()
      .sort((a, b) => (b.failedAt ?? b.createdAt).localeCompare(a.failedAt ?? a.createdAt))
      .slice(0, limit);
  }

  /**
   * Moves a failed job back to its queue, keeping its id: its handler runs again, and only once, since
   * a job that is no longer failed (already retried) is refused.
   */
  async retry(queueName: JobQueueName, id: string): Promise<FailedJob> {
    const queue = this.queues.get(queueName)!;
    const job = await queue.getJob(id);
    if (!job) throw new ApiError(404, ErrorCode.OPERATIONS_JOB_NOT_FOUND, 'Tâche introuvable.');
    const before = view(queueName, job);
    try {
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    } catch {
      throw notFailed();
    }
    return before;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.connection.disconnect();
  }
}

const notFailed = () =>
  new ApiError(
    409,
    ErrorCode.OPERATIONS_JOB_NOT_FAILED,
    'Cette tâche n’est plus en échec : elle a déjà été relancée ou a abouti.',
  );

function view(queue: JobQueueName, job: Job): FailedJob {
  return {
    queue,
    id: job.id ?? '',
    name: job.name,
    error: job.failedReason ?? '',
    stacktrace: job.stacktrace ?? [],
    attempts: job.attemptsMade,
    maxAttempts: job.opts.attempts ?? 1,
    summary: summarizeJobData(job.data),
    createdAt: new Date(job.timestamp).toISOString(),
    failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
}
