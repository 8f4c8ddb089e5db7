import { type EventStore, type LogCheckpoint } from '@coseso/event-store/event-store';
import { type INestApplicationContext } from '@nestjs/common';
import type pg from 'pg';
import { type AppConfig } from '../config/app-config.js';
import { JobQueue } from '../infra/jobs/job-queue.js';
import { APP_CONFIG, PG_POOL } from '../infra/tokens.js';
import { BACKGROUND_WAIT_MS } from './waits.js';

/**
 * Waits until the workflow has nothing left to do: the reactors have read the whole log and no job
 * waits or runs, twice in a row over the same log, since a job's command appends events that the
 * reactors then read (a seeded payment is followed by the client account, the order linked to it).
 * A signal, not a pause: it holds on a slow machine as on a fast one. Jobs scheduled for later (a
 * subscription's renewal) do not count.
 */
export async function settledApp(
  { app, store }: { app: INestApplicationContext; store: EventStore },
  timeoutMs = BACKGROUND_WAIT_MS,
): Promise<void> {
  const pool = app.get<pg.Pool>(PG_POOL);
  const { DATABASE_SCHEMA: schema } = app.get<AppConfig>(APP_CONFIG);
  const jobs = app.get(JobQueue);
  const deadline = Date.now() + timeoutMs;
  let quietAt = -1;
  let last = '';
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ checkpoint: LogCheckpoint | null }>(
      `select checkpoint from "${schema}".reactor_checkpoints where name = 'all'`,
    );
    const unread = (await store.lagAfter(rows[0]?.checkpoint ?? null)).events;
    const { waiting = 0, active = 0 } = await jobs.counts();
    const head = (await store.lagAfter(null)).events;
    last = `${unread} of ${head} events unread by the reactors, ${waiting} jobs waiting, ${active} running`;
    if (unread === 0 && waiting + active === 0) {
      if (head === quietAt) return;
      quietAt = head;
    } else quietAt = -1;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the reactors and their jobs did not settle (${last})`);
}
