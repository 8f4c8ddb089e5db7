import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { type AppConfig } from '../../../config/app-config.js';
import { APP_CONFIG, PG_POOL } from '../../../infra/tokens.js';

/** The least time between two emails to one side of one order's conversation. */
export const MESSAGE_EMAIL_WINDOW_MS = 15 * 60 * 1000;

export type WindowClaim =
  /** The messages this email tells: after `from`, up to `upTo`. */
  | { readonly claimed: true; readonly from: number; readonly upTo: number }
  | { readonly claimed: false; readonly sentAt: Date };

/**
 * The 15-minute windows of the conversation emails, in PostgreSQL: claiming one is one statement,
 * so two jobs for the same order and recipient never both send. Times come from the Clock.
 */
@Injectable()
export class MessageEmailWindows {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Whether an email may go now (`now`) to `recipient` about `orderId`, telling the messages up to
   * `upTo`: yes when none went in the last 15 minutes, or when the one that did was this same claim
   * (`claimKey`: a retried job, which tells what it told); otherwise, when the last one went.
   */
  async claim(
    orderId: string,
    recipient: string,
    now: Date,
    claimKey: string,
    upTo: number,
  ): Promise<WindowClaim> {
    const table = `"${this.config.DATABASE_SCHEMA}".message_email_windows`;
    const { rows: claimed } = await this.pool.query<{ told_from: number; told_up_to: number }>(
      `insert into ${table} as w (order_id, recipient, sent_at, claim_key, told_from, told_up_to)
       values ($1, $2, $3, $4, 0, $6)
       on conflict (order_id, recipient) do update set
         sent_at = excluded.sent_at,
         told_from = case when w.claim_key = excluded.claim_key then w.told_from else w.told_up_to end,
         told_up_to = case when w.claim_key = excluded.claim_key then w.told_up_to else excluded.told_up_to end,
         claim_key = excluded.claim_key
       where w.claim_key = excluded.claim_key or w.sent_at <= $3::timestamptz - make_interval(secs => $5)
       returning told_from, told_up_to`,
      [orderId, recipient, now, claimKey, MESSAGE_EMAIL_WINDOW_MS / 1000, upTo],
    );
    if (claimed[0]) return { claimed: true, from: claimed[0].told_from, upTo: claimed[0].told_up_to };
    const { rows } = await this.pool.query<{ sent_at: Date }>(
      `select sent_at from ${table} where order_id = $1 and recipient = $2`,
      [orderId, recipient],
    );
    return { claimed: false, sentAt: rows[0]!.sent_at };
  }
}
