import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { Inject, Injectable } from '@nestjs/common';
import { type Response } from 'express';
import { type Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { type AppConfig } from '../../config/app-config.js';
import { ApiError } from '../http/api-errors.js';
import { redisKeyPrefix } from '../redis-key-prefix.js';
import { APP_CONFIG, REDIS } from '../tokens.js';
import { digest } from './secrets.js';

/** Whose sign-in: the client area's accounts and the back-office's are counted apart. */
export type SignInRealm = 'client' | 'admin';

/**
 * Sign-in attempts allowed per account (its email, known or not) and window, from all addresses
 * together: the per-address limit alone lets a botnet try 10 passwords per address, forever.
 */
export const signInThrottlePolicy = { points: 10, seconds: 900 } as const;

const lockedMessage: Record<SignInRealm, (minutes: number) => string> = {
  client: (minutes) =>
    `Trop de tentatives de connexion à ce compte. Réessayez dans ${minutes} min, ou choisissez un nouveau mot de passe avec « Mot de passe oublié ».`,
  admin: (minutes) => `Trop de tentatives de connexion à ce compte. Réessayez dans ${minutes} min.`,
};

/**
 * Counts sign-in attempts per account in Redis, before the password is checked (parallel guesses
 * cannot slip past the count); a successful sign-in and a new password set through a reset link
 * clear it, so the owner keeps a way in. Unknown emails are counted the same, so the lock says
 * nothing of who has an account. Emails are keyed by their digest: no address in Redis.
 */
@Injectable()
export class SignInThrottle {
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    const points = signInThrottlePolicy.points * config.RATE_LIMIT_MULTIPLIER;
    const duration = signInThrottlePolicy.seconds;
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${redisKeyPrefix(config)}:rl:sign-in-account`,
      points,
      duration,
      insuranceLimiter: new RateLimiterMemory({ points, duration }),
    });
  }

  private key(realm: SignInRealm, email: string) {
    return `${realm}:${digest(email.trim().toLowerCase())}`;
  }

  /** Counts an attempt at this account; 429 in French, with Retry-After, once its allowance is spent. */
  async attempt(realm: SignInRealm, email: string, response: Response): Promise<void> {
    try {
      await this.limiter.consume(this.key(realm, email));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1_000));
      response.setHeader('Retry-After', String(seconds));
      throw new ApiError(
        429,
        ErrorCode.AUTH_TOO_MANY_ATTEMPTS,
        lockedMessage[realm](Math.ceil(seconds / 60)),
      );
    }
  }

  /** The owner got in (right password, or a new one through a reset link): the count starts over. */
  async clear(realm: SignInRealm, email: string): Promise<void> {
    await this.limiter.delete(this.key(realm, email));
  }
}
