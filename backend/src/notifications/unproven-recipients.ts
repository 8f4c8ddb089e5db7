import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { type AppConfig } from '../config/app-config.js';
import { redisKeyPrefix } from '../infra/redis-key-prefix.js';
import { APP_CONFIG, REDIS } from '../infra/tokens.js';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * At most one email a day to an address that has not proven it is its owner's (no payment yet):
 * anyone can type anyone's address into the wizard, so without this bound the product would mail a
 * stranger as often as drafts are made (decision 52). One Redis key per address (its SHA-256, not
 * the address), holding the idempotency key of the email that took the day, expiring after 24 h:
 * it outlives a restart of the app, and a retry of that same email is still let through.
 */
@Injectable()
export class UnprovenRecipients {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${redisKeyPrefix(config)}:emails:unproven:`;
  }

  /**
   * Whether the email keyed `idempotencyKey` may go to `to`: yes for the first of its 24 hours, and
   * for that one again (a retried job); no for any other. Throws while Redis is away (the job retries).
   */
  async claim(to: string, idempotencyKey: string): Promise<boolean> {
    const slot = this.prefix + createHash('sha256').update(to.trim().toLowerCase()).digest('hex');
    if ((await this.redis.set(slot, idempotencyKey, 'EX', DAY_SECONDS, 'NX')) === 'OK') return true;
    return (await this.redis.get(slot)) === idempotencyKey;
  }
}
