import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../config/app-config.js';
import { deleteRedisKeys } from '../../testing/redis-keys.js';
import { JobQueue } from './job-queue.js';
import { until } from '../../testing/waits.js';

/** Jobs of this test only: the queue is typed by the payloads it is given. */
interface TestJobs {
  note: { n: number };
  flaky: Record<string, never>;
  later: Record<string, never>;
}

let schema: string;
const open = () => {
  schema = `jobs_${randomBytes(4).toString('hex')}`;
  return new JobQueue<TestJobs>(loadConfig({ NODE_ENV: 'test', DATABASE_SCHEMA: schema }));
};

describe('the job queue', () => {
  let queue: JobQueue<TestJobs>;
  afterEach(async () => {
    await queue.onApplicationShutdown();
    await deleteRedisKeys(`coseso:${schema}:*`);
  });

  it('runs a job enqueued twice with the same id once', async () => {
    queue = open();
    const seen: string[] = [];
    queue.register('note', async ({ n }) => void seen.push(String(n)));
    queue.onApplicationBootstrap();
    await queue.enqueue('note', { n: 1 }, { jobId: 'event:1' });
    await queue.enqueue('note', { n: 1 }, { jobId: 'event:1' });
    await queue.enqueue('note', { n: 2 }, { jobId: 'event:2' });
    await until(() => seen.length === 2);
    // The duplicate, had it been taken as a job, would still be pending or would have run.
    let pending = true;
    while (pending) {
      const { waiting = 0, active = 0, delayed = 0 } = await queue.counts();
      pending = waiting + active + delayed > 0;
    }
    expect(seen.sort()).toEqual(['1', '2']);
  });

  it('retries a failing job until it succeeds', async () => {
    queue = open();
    let attempts = 0;
    queue.register('flaky', async () => {
      attempts += 1;
      if (attempts < 3) throw new Error('not yet');
    });
    queue.onApplicationBootstrap();
    await queue.enqueue('flaky', {}, { jobId: 'flaky:1' });
    await until(() => attempts === 3);
    const counts = await queue.counts();
    expect(counts.failed).toBe(0);
  });

  it('waits for a delayed job', async () => {
    queue = open();
    const ranAt: number[] = [];
    queue.register('later', async () => void ranAt.push(Date.now()));
    queue.onApplicationBootstrap();
    const start = Date.now();
    await queue.enqueue('later', {}, { jobId: 'later:1', delayMs: 300 });
    await until(() => ranAt.length === 1);
    expect(ranAt[0]! - start).toBeGreaterThanOrEqual(290);
  });
});
