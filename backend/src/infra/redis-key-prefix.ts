import { createHash } from 'node:crypto';
import { type AppConfig } from '../config/app-config.js';

/**
 * What every Redis key of this instance (job and email queues, rate-limit counters) starts with:
 * its schema and a digest of where its database is. Two instances on one Redis share keys only if
 * they share their data; the digest leaves the credentials out, so a new password keeps the queues.
 */
export function redisKeyPrefix(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_SCHEMA'>): string {
  const url = new URL(config.DATABASE_URL);
  // A socket directory given as ?host=… names the server as much as a hostname does.
  const where = `${url.hostname}:${url.port || '5432'}${url.pathname}?host=${url.searchParams.get('host') ?? ''}`;
  const digest = createHash('sha256').update(where).digest('hex').slice(0, 12);
  return `coseso:${config.DATABASE_SCHEMA}:${digest}`;
}
