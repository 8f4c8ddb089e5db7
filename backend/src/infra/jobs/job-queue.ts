import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { type AppConfig, hasRole } from '../../config/app-config.js';
import { APP_CONFIG } from '../tokens.js';
import { redisKeyPrefix } from '../redis-key-prefix.js';
import { type JobPayloads, type JobRequest } from './job-payloads.js';

export type JobHandler<Data> = (data: Data, job: Job<Data>) => Promise<unknown>;
export type GivenUpListener<Data> = (
  data: Data,
  failure: { readonly attempts: number; readonly error: string },
) => Promise<void>;

export interface EnqueueOptions {
  /** Same id, same job: enqueuing it again is a no-op (reactors key jobs by event id). */
  readonly jobId: string;
  readonly delayMs?: number;
}

/**
 * The background jobs of every feature, on one BullMQ queue in Redis: retried with backoff,
 * failures kept and visible, completed ones remembered a week so a replayed enqueue is ignored.
 * Handlers run only in processes with the worker role.
 */
@Injectable()
export class JobQueue<Payloads extends object = JobPayloads>
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('Jobs');
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly givenUpListeners = new Map<string, GivenUpListener<unknown>[]>();
  private readonly connection: Redis;
  private readonly queue: Queue;
  private worker: Worker | null = null;
  private workerConnection: Redis | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    // Enqueuing fails at once while Redis is away (no offline queue): a request is answered 503
    // instead of waiting for it, and a reactor retries later. The worker has its own connection.
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.queue = new Queue('jobs', { connection: this.connection, prefix: this.prefix });
  }

  private get prefix() {
    return redisKeyPrefix(this.config);
  }

  /** Called by feature modules at init: the function that does jobs named `name`. */
  register<N extends keyof Payloads & string>(name: N, handler: JobHandler<Payloads[N]>): void {
    this.handlers.set(name, handler as JobHandler<unknown>);
  }

  /**
   * Called, in worker processes, with each job named `name` the queue gives up on (its last attempt
   * failed): a feature records the failure where the team sees it.
   */
  onGivenUp<N extends keyof Payloads & string>(name: N, listener: GivenUpListener<Payloads[N]>): void {
    this.givenUpListeners.set(name, [
      ...(this.givenUpListeners.get(name) ?? []),
      listener as GivenUpListener<unknown>,
    ]);
  }

  enqueue<N extends keyof Payloads & string>(
    name: N,
    data: Payloads[N],
    options: EnqueueOptions,
  ): Promise<void> {
    return this.add(name, data, options);
  }

  /** A reactor's job: its name and payload checked together by `JobRequest`. */
  enqueueRequest({ name, data, jobId }: JobRequest<Payloads>): Promise<void> {
    return this.add(name, data, { jobId });
  }

  private async add(name: string, data: unknown, options: EnqueueOptions): Promise<void> {
    await this.queue.add(name, data, {
      jobId: options.jobId.replace(/:/g, '_'), // BullMQ reserves ':' in custom ids
      ...(options.delayMs ? { delay: options.delayMs } : {}),
      attempts: 6,
      backoff: { type: 'exponential', delay: this.config.NODE_ENV === 'test' ? 100 : 2_000 },
      removeOnComplete: { age: 7 * 24 * 3_600, count: 50_000 },
      removeOnFail: { age: 30 * 24 * 3_600 },
    });
  }

  onApplicationBootstrap(): void {
    if (!hasRole(this.config, 'worker')) return;
    this.worker = new Worker(
      'jobs',
      async (job) => {
        const handler = this.handlers.get(job.name);
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        await handler(job.data, job);
      },
      { connection: this.openWorkerConnection(), prefix: this.prefix, concurrency: 8 },
    );
    this.worker.on('failed', (job, error) => {
      this.logger.warn({
        msg: 'job failed',
        job: job?.name,
        id: job?.id,
        attempt: job?.attemptsMade,
        err: error.message,
      });
      if (!job || job.attemptsMade < (job.opts.attempts ?? 1)) return;
      for (const listener of this.givenUpListeners.get(job.name) ?? [])
        listener(job.data, { attempts: job.attemptsMade, error: error.message }).catch((failure: unknown) =>
          this.logger.error({
            msg: 'a job given up on could not be reported',
            job: job.name,
            err: String(failure),
          }),
        );
    });
    this.worker.on('error', (error) => this.logger.error({ msg: 'job worker error', err: error.message }));
  }

  // The worker blocks on its own connection, which never gives up on a request (BullMQ's blocking
  // commands need that); BullMQ leaves a connection it was given open on close.
  private openWorkerConnection(): Redis {
    this.workerConnection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    return this.workerConnection;
  }

  /**
   * Runs now the delayed jobs named `name` (all of them: a test that moved its clock past their
   * time, rather than waiting for it). Returns how many.
   */
  async promoteDelayed(name: keyof Payloads & string): Promise<number> {
    const delayed = (await this.queue.getDelayed()).filter((job) => job.name === name);
    for (const job of delayed) await job.promote();
    return delayed.length;
  }

  /** Counts by state, for operators and tests. */
  counts() {
    return this.queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    this.workerConnection?.disconnect();
    this.connection.disconnect();
  }
}
