import { Redis } from 'ioredis';

/** Removes what a test left in Redis (queues, rate limits), by key pattern. */
export async function deleteRedisKeys(
  pattern: string,
  url = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
