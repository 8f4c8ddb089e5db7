import { redisKeyPrefix } from './redis-key-prefix.js';

describe('the Redis key prefix of an instance', () => {
  const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/coseso', DATABASE_SCHEMA: 'coseso' };

  it('names the schema, then a digest of the database', () => {
    expect(redisKeyPrefix(base)).toMatch(/^coseso:coseso:[0-9a-f]{12}$/);
  });

  it('differs for another database, server or schema', () => {
    const others = [
      { ...base, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/coseso_demo' },
      { ...base, DATABASE_URL: 'postgres://postgres@db.internal:5432/coseso' },
      { ...base, DATABASE_URL: 'postgres://postgres@127.0.0.1:5433/coseso' },
      { ...base, DATABASE_SCHEMA: 'demo' },
    ];
    const prefixes = new Set([base, ...others].map(redisKeyPrefix));
    expect(prefixes.size).toBe(others.length + 1);
  });

  it('stays the same when only the credentials change', () => {
    expect(redisKeyPrefix({ ...base, DATABASE_URL: 'postgres://app:n0uveau@127.0.0.1:5432/coseso' })).toBe(
      redisKeyPrefix(base),
    );
    expect(redisKeyPrefix({ ...base, DATABASE_URL: 'postgres://postgres@127.0.0.1/coseso' })).toBe(
      redisKeyPrefix(base),
    );
  });
});
