import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { type AppConfig } from '../../config/app-config.js';
import { redisKeyPrefix } from '../redis-key-prefix.js';
import { APP_CONFIG, REDIS } from '../tokens.js';

/** Reset emails one account may receive per window, whatever the addresses that asked. */
export const resetEmailPolicy = { points: 3, seconds: 3_600 } as const;

/**
 * The per-account bound on « Mot de passe oublié » emails (the per-address limit alone let 12 /64s
 * of one /48 send a victim 12 emails). Taken by the reset jobs, never by the request: beyond it the
 * request is answered the same and nothing is sent.
 */
@Injectable()
export class ResetEmailAllowance {
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    const points = resetEmailPolicy.points * config.RATE_LIMIT_MULTIPLIER;
    const duration = resetEmailPolicy.seconds;
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${redisKeyPrefix(config)}:rl:reset-email-account`,
      points,
      duration,
      insuranceLimiter: new RateLimiterMemory({ points, duration }),
    });
  }

  /** Whether one more reset email may go to this account now (and counts it). */
  async take(realm: 'client' | 'admin', accountId: string): Promise<boolean> {
    try {
      await this.limiter.consume(`${realm}:${accountId}`);
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      throw rejection;
    }
  }
}
