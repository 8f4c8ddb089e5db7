import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { parse } from 'cookie';
import { type Request, type Response } from 'express';
import { type Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { type AppConfig } from '../../config/app-config.js';
import { ApiError } from '../http/api-errors.js';
import { JobQueue } from '../jobs/job-queue.js';
import { redisKeyPrefix } from '../redis-key-prefix.js';
import { APP_CONFIG, REDIS } from '../tokens.js';
import { digest } from './secrets.js';

/** Whose sign-in: the client area's accounts and the back-office's are counted apart. */
export type SignInRealm = 'client' | 'admin';

/**
 * Sign-in attempts allowed per window: from unknown devices to one account (its email, known or
 * not), all addresses together; and from one known device (a browser that signed in to the account
 * before, OWASP's « device cookie »), which has its own allowance and locks only itself.
 */
export const signInThrottlePolicy = { points: 10, seconds: 900 } as const;

/** A device cookie lasts a year; each successful sign-in writes a new one. */
export const DEVICE_COOKIE_LIFETIME_MS = 365 * 24 * 3_600_000;
export const deviceCookieName = (realm: SignInRealm) => `coseso_device_${realm}`;

// Clients and team members alike have « Mot de passe oublié », whose link ends the lock; a team
// member may also ask another admin, who can unlock the account from the back-office.
const lockedMessage = (realm: SignInRealm, minutes: number) =>
  `Trop de tentatives de connexion à ce compte. Réessayez dans ${minutes} min, ou choisissez un nouveau mot de passe avec « Mot de passe oublié ? »` +
  (realm === 'admin'
    ? ', ou demandez à un autre administrateur de débloquer votre compte depuis la page « Équipe » du back-office.'
    : '.');

/** Which allowance an attempt was counted against. */
export interface SignInAttempt {
  readonly device: 'known' | 'unknown';
  readonly key: string;
}

/**
 * Counts sign-in attempts in Redis before the password is checked (parallel guesses cannot slip
 * past the count), as OWASP's « Slow down online guessing attacks with device cookies » says:
 *
 * - a browser holding a valid device cookie for this account (HMAC-signed with SESSION_SECRET,
 *   httpOnly, written at each successful sign-in) is counted on its own: guesses from elsewhere
 *   never lock it out, and its own failures lock that device alone;
 * - every other attempt is counted per account (unknown emails the same, so the lock says nothing
 *   of who has an account); when that lock starts, a `sign-in-locked` job is enqueued, once for
 *   the episode, and tells the owner by email (`admin/auth/sign-in-lock-notice.job.ts`).
 *
 * A successful sign-in clears the allowance it used; a new password set through a reset link, or an
 * admin's unlock, clears the account's. Emails are keyed by their digest: no address in Redis.
 */
@Injectable()
export class SignInThrottle {
  private readonly limiter: RateLimiterRedis;
  private readonly points: number;
  private readonly secret: string;
  private readonly secure: boolean;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly jobs: JobQueue,
  ) {
    this.points = signInThrottlePolicy.points * config.RATE_LIMIT_MULTIPLIER;
    const duration = signInThrottlePolicy.seconds;
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${redisKeyPrefix(config)}:rl:sign-in-account`,
      points: this.points,
      duration,
      insuranceLimiter: new RateLimiterMemory({ points: this.points, duration }),
    });
    this.secret = config.SESSION_SECRET;
    this.secure = config.NODE_ENV === 'production';
  }

  private account(email: string) {
    return digest(email.trim().toLowerCase());
  }

  private accountKey(realm: SignInRealm, email: string) {
    return `${realm}:${this.account(email)}`;
  }

  private signature(realm: SignInRealm, account: string, nonce: string) {
    return createHmac('sha256', this.secret)
      .update(`device:${realm}:${account}:${nonce}`)
      .digest('base64url');
  }

  /** The nonce of the request's device cookie when it is valid for this account, else null. */
  knownDevice(realm: SignInRealm, email: string, request: Request): string | null {
    const value = parse(request.headers.cookie ?? '')[deviceCookieName(realm)];
    const [account, nonce, signature] = value?.split('.') ?? [];
    if (!account || !nonce || !signature || account !== this.account(email)) return null;
    const expected = Buffer.from(this.signature(realm, account, nonce));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }

  /**
   * Counts an attempt at this account, against the device's allowance when it is known, else the
   * account's; 429 in French, with Retry-After, once that allowance is spent.
   */
  async attempt(
    realm: SignInRealm,
    email: string,
    request: Request,
    response: Response,
  ): Promise<SignInAttempt> {
    const nonce = this.knownDevice(realm, email, request);
    const attempt: SignInAttempt = nonce
      ? { device: 'known', key: `${realm}:device:${nonce}` }
      : { device: 'unknown', key: this.accountKey(realm, email) };
    try {
      await this.limiter.consume(attempt.key);
      return attempt;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      // The first refusal of the episode: the count only grows until the window ends.
      if (attempt.device === 'unknown' && rejection.consumedPoints === this.points + 1)
        await this.jobs.enqueue(
          'sign-in-locked',
          { realm, email },
          { jobId: `sign-in-locked:${randomUUID()}` },
        );
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1_000));
      response.setHeader('Retry-After', String(seconds));
      throw new ApiError(
        429,
        ErrorCode.AUTH_TOO_MANY_ATTEMPTS,
        lockedMessage(realm, Math.ceil(seconds / 60)),
      );
    }
  }

  /** The owner got in: the allowance used starts over, and this browser is a known device from now on. */
  async succeeded(
    realm: SignInRealm,
    email: string,
    attempt: SignInAttempt,
    response: Response,
  ): Promise<void> {
    await this.limiter.delete(attempt.key);
    this.rememberDevice(realm, email, response);
  }

  /** Writes this browser's device cookie for the account (signed, httpOnly, a year). */
  rememberDevice(realm: SignInRealm, email: string, response: Response): void {
    const account = this.account(email);
    const nonce = randomBytes(16).toString('base64url');
    response.cookie(deviceCookieName(realm), `${account}.${nonce}.${this.signature(realm, account, nonce)}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      path: '/api',
      maxAge: DEVICE_COOKIE_LIFETIME_MS,
    });
  }

  /** Whether the account is locked on unknown devices now: its allowance is spent until the window ends. */
  async isLocked(realm: SignInRealm, email: string): Promise<boolean> {
    const used = await this.limiter.get(this.accountKey(realm, email));
    return used !== null && used.consumedPoints > this.points;
  }

  /** The account's lock on unknown devices ends (a new password through a reset link, an admin's unlock). */
  async clear(realm: SignInRealm, email: string): Promise<void> {
    await this.limiter.delete(this.accountKey(realm, email));
  }
}
