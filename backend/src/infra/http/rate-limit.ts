import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request, type Response } from 'express';
import { type Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { type AppConfig } from '../../config/app-config.js';
import { APP_CONFIG, REDIS } from '../tokens.js';
import { ApiError } from './api-errors.js';

/**
 * Requests allowed per client IP and window (DESIGN §8: login, reset, email check, draft creation;
 * and the payment calls open to visitors, which cost a provider call or a held request).
 */
export const rateLimitPolicies = {
  createOrder: { points: 20, seconds: 600 },
  checkEmail: { points: 30, seconds: 60 },
  checkDomain: { points: 30, seconds: 60 },
  login: { points: 10, seconds: 900 },
  passwordReset: { points: 5, seconds: 3_600 },
  passwordSet: { points: 10, seconds: 3_600 },
  adminLogin: { points: 10, seconds: 900 },
  // Payment result pages: each call may hold the request (finalize) or ask the provider (status).
  paymentResult: { points: 60, seconds: 60 },
  // A payment link is a call to the provider, and anyone holding an order's id may ask for one.
  paymentLink: { points: 30, seconds: 600 },
} as const;
export type RateLimitPolicy = keyof typeof rateLimitPolicies;

const POLICY = 'coseso:rate-limit';
export const RateLimit = (policy: RateLimitPolicy) => SetMetadata(POLICY, policy);

/**
 * Counts requests per policy and client IP in Redis, so every API replica shares the counts; if
 * Redis is unreachable it falls back to counting in memory rather than refusing everyone.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiters: Record<RateLimitPolicy, RateLimiterRedis>;

  constructor(
    private readonly reflector: Reflector,
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limiters = Object.fromEntries(
      Object.entries(rateLimitPolicies).map(([name, { points, seconds }]) => {
        const allowed = points * config.RATE_LIMIT_MULTIPLIER;
        const limiter = new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${config.DATABASE_SCHEMA}:rl:${name}`,
          points: allowed,
          duration: seconds,
          insuranceLimiter: new RateLimiterMemory({ points: allowed, duration: seconds }),
        });
        return [name, limiter];
      }),
    ) as Record<RateLimitPolicy, RateLimiterRedis>;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<RateLimitPolicy | undefined>(POLICY, context.getHandler());
    if (!policy) return true;
    const request = context.switchToHttp().getRequest<Request>();
    try {
      await this.limiters[policy].consume(request.ip ?? 'unknown');
      return true;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1_000));
      context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(seconds));
      throw new ApiError(
        429,
        ErrorCode.RATE_LIMITED,
        `Trop de requêtes. Veuillez réessayer dans ${seconds} s.`,
      );
    }
  }
}
