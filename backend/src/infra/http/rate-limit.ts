import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request, type Response } from 'express';
import { isIPv6 } from 'node:net';
import { type Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { type AppConfig } from '../../config/app-config.js';
import { redisKeyPrefix } from '../redis-key-prefix.js';
import { APP_CONFIG, REDIS } from '../tokens.js';
import { ApiError } from './api-errors.js';

interface Limit {
  readonly points: number;
  readonly seconds: number;
}

/**
 * A policy counts requests per client address (IPv4 whole, IPv6 by its /64) and window; with
 * `perOrder`, also per order named by the route's `:orderId`, so that many addresses together
 * cannot flood one order's stream either (the log is hash-chained and never purged).
 */
export interface RateLimitRule extends Limit {
  readonly perOrder?: Limit;
}

/**
 * Requests allowed per client address and window (login, reset, email check, draft creation; every
 * write open to visitors), at the production figures (RATE_LIMIT_MULTIPLIER raises them in tests).
 */
export const rateLimitPolicies = {
  createOrder: { points: 20, seconds: 600 },
  checkEmail: { points: 30, seconds: 60 },
  checkDomain: { points: 30, seconds: 60 },
  // The wizard's autosave and explicit save share one count. The SPA saves once per pause in typing
  // and per step (every 2 to 3 s at most); a script saving a second for minutes is still served,
  // a flood of one draft is refused once it has written 90 events within a minute.
  wizardSave: { points: 1_200, seconds: 600, perOrder: { points: 90, seconds: 60 } },
  completeOrder: { points: 60, seconds: 600, perOrder: { points: 20, seconds: 600 } },
  login: { points: 10, seconds: 900 },
  passwordReset: { points: 5, seconds: 3_600 },
  passwordSet: { points: 10, seconds: 3_600 },
  // The set-password page checks its link on load: a reload or two, never a way to try tokens.
  tokenCheck: { points: 30, seconds: 3_600 },
  adminLogin: { points: 10, seconds: 900 },
  // Signing out writes only to the caller's own session; bounded like every anonymous write.
  logout: { points: 60, seconds: 60 },
  // Payment result pages: each call may hold the request (finalize) or ask the provider (status).
  paymentResult: { points: 60, seconds: 60, perOrder: { points: 30, seconds: 60 } },
  // A payment link is a call to the provider, and anyone holding an order's id may ask for one.
  paymentLink: { points: 30, seconds: 600, perOrder: { points: 10, seconds: 600 } },
  // The sandbox checkout's buttons: each delivers a signed webhook that may append to an order.
  sandboxCheckout: { points: 60, seconds: 600 },
  // An order's conversation, both sides: a person writes a few messages a minute at most; a script
  // is stopped before it floods the order's stream (each message is an event, kept for good).
  postMessage: { points: 30, seconds: 600, perOrder: { points: 60, seconds: 600 } },
  // Read receipts append only when something new was read; opening the thread sends one.
  readMessages: { points: 300, seconds: 600, perOrder: { points: 300, seconds: 600 } },
} as const satisfies Record<string, RateLimitRule>;
export type RateLimitPolicy = keyof typeof rateLimitPolicies;

/**
 * What one client is counted under: an IPv4 address whole, an IPv6 address by its /64 (what one
 * subscriber is usually given, so rotating inside it gains nothing), an IPv4-mapped IPv6 as IPv4.
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const address = ip.split('%')[0]!.toLowerCase();
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head = '', tail] = address.split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const full = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const POLICY = 'coseso:rate-limit';
export const RateLimit = (policy: RateLimitPolicy) => SetMetadata(POLICY, policy);

/** The policy on a controller's handler, if any (the API document and the route tests read it). */
export const rateLimitPolicyOf = (
  controller: { prototype: object },
  handlerName: string,
): RateLimitPolicy | undefined =>
  Reflect.getMetadata(POLICY, (controller.prototype as Record<string, object>)[handlerName]!) as
    RateLimitPolicy | undefined;

/** Whether a controller's handler is rate limited (the API document says so). */
export const isRateLimited = (controller: { prototype: object }, handlerName: string): boolean =>
  rateLimitPolicyOf(controller, handlerName) !== undefined;

interface Counter {
  readonly limiter: RateLimiterRedis;
  readonly keyOf: (request: Request) => string | null;
}

/**
 * Counts requests per policy and client address, and per order where the policy says so, in Redis,
 * so every API replica shares the counts; if Redis is unreachable it falls back to counting in
 * memory rather than refusing everyone. A request must pass every count of its policy.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly counters: Record<RateLimitPolicy, Counter[]>;

  constructor(
    private readonly reflector: Reflector,
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const counter = (name: string, { points, seconds }: Limit, keyOf: Counter['keyOf']): Counter => {
      const allowed = points * config.RATE_LIMIT_MULTIPLIER;
      return {
        keyOf,
        limiter: new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${redisKeyPrefix(config)}:rl:${name}`,
          points: allowed,
          duration: seconds,
          insuranceLimiter: new RateLimiterMemory({ points: allowed, duration: seconds }),
        }),
      };
    };
    const rules: Record<string, RateLimitRule> = rateLimitPolicies;
    this.counters = Object.fromEntries(
      Object.entries(rules).map(([name, rule]) => [
        name,
        [
          counter(name, rule, (request) => addressKey(request.ip)),
          ...(rule.perOrder
            ? [
                counter(`${name}:order`, rule.perOrder, (request) => {
                  // Only a well-formed id is counted: anything else is refused by validation anyway.
                  const orderId = request.params['orderId'];
                  return typeof orderId === 'string' && UUID.test(orderId) ? orderId.toLowerCase() : null;
                }),
              ]
            : []),
        ],
      ]),
    ) as Record<RateLimitPolicy, Counter[]>;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<RateLimitPolicy | undefined>(POLICY, context.getHandler());
    if (!policy) return true;
    const request = context.switchToHttp().getRequest<Request>();
    try {
      for (const { limiter, keyOf } of this.counters[policy]) {
        const key = keyOf(request);
        if (key !== null) await limiter.consume(key);
      }
      return true;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw tooManyRequests(context.switchToHttp().getResponse<Response>(), rejection.msBeforeNext);
    }
  }
}

/** The 429 of every limit, in French, with Retry-After set on the response. */
export function tooManyRequests(response: Response, msBeforeNext: number): ApiError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1_000));
  response.setHeader('Retry-After', String(seconds));
  return new ApiError(429, ErrorCode.RATE_LIMITED, `Trop de requêtes. Veuillez réessayer dans ${seconds} s.`);
}
