import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { type AppConfig } from '../../config/app-config.js';
import { APP_CONFIG, PG_POOL } from '../../infra/tokens.js';
import { type CheckoutRequest, type PaymentStatus } from '../payment-provider.js';

export interface SandboxPayment {
  id: string;
  orderId: string;
  orderNumber: number;
  purpose: CheckoutRequest['purpose'];
  amount: number;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  status: PaymentStatus;
  subscriptionId: string | null;
  expiresAt: Date;
}

export interface SandboxSubscription {
  id: string;
  orderId: string;
  amount: number;
  status: 'active' | 'canceled';
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** Set from the sandbox card page: the next renewal fails, as with a refused card. */
  cardDeclines: boolean;
  /** When the first period started: each period ends a calendar month after the one before, on its day. */
  billingAnchor: Date | null;
  /** How many periods were paid so far (the first included). */
  periods: number;
}

export const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

/** The sandbox provider's own records: what Stripe keeps on its side. */
@Injectable()
export class SandboxStore {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get s() {
    return `"${this.config.DATABASE_SCHEMA}"`;
  }

  async createPayment(payment: Omit<SandboxPayment, 'status' | 'subscriptionId'>): Promise<void> {
    await this.pool.query(
      `insert into ${this.s}.sandbox_payments
       (id, order_id, order_number, purpose, amount, description, customer_email, success_url, cancel_url, status, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open', $10)`,
      [
        payment.id,
        payment.orderId,
        payment.orderNumber,
        payment.purpose,
        payment.amount,
        payment.description,
        payment.customerEmail,
        payment.successUrl,
        payment.cancelUrl,
        payment.expiresAt,
      ],
    );
  }

  async payment(id: string): Promise<SandboxPayment | null> {
    const { rows } = await this.pool.query(`select * from ${this.s}.sandbox_payments where id = $1`, [id]);
    const row = rows[0];
    if (!row) return null;
    const expired = row.status === 'open' && new Date(row.expires_at) < new Date();
    return {
      id: row.id,
      orderId: row.order_id,
      orderNumber: row.order_number,
      purpose: row.purpose,
      amount: row.amount,
      description: row.description,
      customerEmail: row.customer_email,
      successUrl: row.success_url,
      cancelUrl: row.cancel_url,
      status: expired ? 'expired' : row.status,
      subscriptionId: row.subscription_id,
      expiresAt: row.expires_at,
    };
  }

  /** Closes an open payment; false when it was not open any more (a second click). */
  async closePayment(
    id: string,
    status: Exclude<PaymentStatus, 'open'>,
    subscriptionId: string | null,
  ): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `update ${this.s}.sandbox_payments set status = $2, subscription_id = $3 where id = $1 and status = 'open' and expires_at > now()`,
      [id, status, subscriptionId],
    );
    return rowCount === 1;
  }

  /** Marks a paid payment refunded; false when it was never paid. A second refund changes nothing. */
  async refundPayment(id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `update ${this.s}.sandbox_payments set status = 'refunded' where id = $1 and status in ('paid', 'refunded')`,
      [id],
    );
    return rowCount === 1;
  }

  /** Ends a link nobody used in time; false when it was paid or closed meanwhile. */
  async expirePayment(id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `update ${this.s}.sandbox_payments set status = 'expired' where id = $1 and status = 'open'`,
      [id],
    );
    return rowCount === 1;
  }

  async createSubscription(
    subscription: Omit<SandboxSubscription, 'status' | 'cancelAtPeriodEnd' | 'cardDeclines' | 'periods'>,
  ): Promise<void> {
    await this.pool.query(
      `insert into ${this.s}.sandbox_subscriptions (id, order_id, amount, status, current_period_end, billing_anchor) values ($1, $2, $3, 'active', $4, $5)`,
      [
        subscription.id,
        subscription.orderId,
        subscription.amount,
        subscription.currentPeriodEnd,
        subscription.billingAnchor,
      ],
    );
  }

  /**
   * Refunds `amount` of a payment once per key, within what it paid (`paid`): the refund's id, or
   * null when that would give back more than it paid. The same key answers the same refund.
   */
  async addRefund(input: {
    paymentId: string;
    amount: number;
    paid: number;
    idempotencyKey: string;
    refundId: string;
  }): Promise<string | null> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      // One refund of a payment at a time: the check below sees every refund made before it.
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`sandbox-refund:${input.paymentId}`]);
      const known = await client.query(
        `select id from ${this.s}.sandbox_refunds where idempotency_key = $1`,
        [input.idempotencyKey],
      );
      if (known.rows[0]) {
        await client.query('commit');
        return known.rows[0].id as string;
      }
      const refunded = await this.refundedTotalWith(client, input.paymentId);
      if (refunded + input.amount > input.paid) {
        await client.query('rollback');
        return null;
      }
      await client.query(
        `insert into ${this.s}.sandbox_refunds (idempotency_key, id, payment_id, amount) values ($1, $2, $3, $4)`,
        [input.idempotencyKey, input.refundId, input.paymentId, input.amount],
      );
      await client.query('commit');
      return input.refundId;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** What was refunded of a payment so far, cents. */
  refundedTotal(paymentId: string): Promise<number> {
    return this.refundedTotalWith(this.pool, paymentId);
  }

  private async refundedTotalWith(db: Pick<pg.Pool, 'query'>, paymentId: string): Promise<number> {
    const { rows } = await db.query(
      `select coalesce(sum(amount), 0)::int as total from ${this.s}.sandbox_refunds where payment_id = $1`,
      [paymentId],
    );
    return Number(rows[0]?.total ?? 0);
  }

  async subscription(id: string): Promise<SandboxSubscription | null> {
    const { rows } = await this.pool.query(`select * from ${this.s}.sandbox_subscriptions where id = $1`, [
      id,
    ]);
    const row = rows[0];
    return row
      ? {
          id: row.id,
          orderId: row.order_id,
          amount: row.amount,
          status: row.status,
          currentPeriodEnd: row.current_period_end,
          cancelAtPeriodEnd: row.cancel_at_period_end,
          cardDeclines: row.card_declines,
          billingAnchor: row.billing_anchor ?? null,
          periods: row.periods ?? 1,
        }
      : null;
  }

  async updateSubscription(
    id: string,
    change: Partial<
      Pick<
        SandboxSubscription,
        'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'cardDeclines' | 'periods'
      >
    >,
  ): Promise<void> {
    await this.pool.query(
      `update ${this.s}.sandbox_subscriptions set status = coalesce($2, status), current_period_end = coalesce($3, current_period_end),
       cancel_at_period_end = coalesce($4, cancel_at_period_end), card_declines = coalesce($5, card_declines),
       periods = coalesce($6, periods) where id = $1`,
      [
        id,
        change.status ?? null,
        change.currentPeriodEnd ?? null,
        change.cancelAtPeriodEnd ?? null,
        change.cardDeclines ?? null,
        change.periods ?? null,
      ],
    );
  }
}
