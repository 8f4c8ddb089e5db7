import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { paymentDue } from '@coseso/domain/orders/order-decider';
import { type OrderState } from '@coseso/domain/orders/order-state';
import { paymentDescription } from '@coseso/domain/orders/payment-labels';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { type AppConfig } from '../../config/app-config.js';
import { withAdvisoryLock } from '../../infra/database/advisory-lock.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import {
  PAYMENT_ID_PLACEHOLDER,
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type PaymentPurpose,
} from '../payment-provider.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';

export type CheckoutPurpose = Exclude<PaymentPurpose, 'card_update'>;

/** The `type` the result pages read in their URL (spec §4), per purpose. */
export const returnTypes: Record<CheckoutPurpose, string> = {
  deposit: 'deposit',
  setup_fee: 'monthly',
  balance: 'balance',
  first_month: 'first_month',
  account_manager: 'account_manager',
};

/** How long a request waits for another one preparing the same link (a provider slow to answer). */
const LOCK_WAIT_MS = 15_000;
const LOCK_NOT_AVAILABLE = '55P03';

/** A link still this far from its end is worth reusing; closer, a new one is safer. */
const REUSE_MARGIN_MS = 15 * 60_000;

export interface PaymentLink {
  readonly url: string;
  readonly paymentId: string;
  readonly reused: boolean;
  readonly position: bigint | null;
}

/**
 * Payment links for an order: the amount is always the order's own (what it is due for that
 * purpose), never one sent by the browser. An open link of the same purpose and amount is given
 * again rather than a second one, so the client cannot end up paying twice from two tabs.
 */
@Injectable()
export class PaymentLinks implements OnModuleDestroy {
  private readonly logger = new Logger('PaymentLinks');
  /**
   * The locks' own few connections: each is held while the provider answers (seconds, if it is
   * slow), so a provider outage can only make payment requests wait, never the rest of the API.
   */
  private readonly lockPool: pg.Pool;

  constructor(
    private readonly orders: OrderCommandRunner,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.lockPool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: 4,
      connectionTimeoutMillis: LOCK_WAIT_MS,
      // Every wait for a lock on these connections gives up after LOCK_WAIT_MS (error 55P03).
      options: `-c lock_timeout=${LOCK_WAIT_MS}`,
    });
    this.lockPool.on('error', (error) =>
      this.logger.warn({ msg: 'a payment lock connection was lost', err: error.message }),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.lockPool.end();
  }

  /**
   * The order's link for `purpose`: the open one, or a new one. One request at a time per order and
   * purpose (a double click, two tabs, two API processes): the second finds the first's link and
   * gives it again, instead of a second payable link.
   */
  open(orderId: string, purpose: CheckoutPurpose, context: CommandContext): Promise<PaymentLink> {
    return this.exclusive(orderId, purpose, () => this.openAlone(orderId, purpose, context));
  }

  private async openAlone(
    orderId: string,
    purpose: CheckoutPurpose,
    context: CommandContext,
  ): Promise<PaymentLink> {
    const order = await this.orders.current(orderId);
    if (!order.exists) throw orderNotFound();
    const due = paymentDue(order, purpose);
    if ('problem' in due) throw new DomainError(ErrorCode.ORDER_PAYMENT_NOT_DUE, due.problem, 'conflict');

    const reusable = await this.openLink(order, purpose, due.amount);
    if (reusable) return { url: reusable.url, paymentId: reusable.paymentId, reused: true, position: null };

    const checkout = await this.provider.createCheckout({
      orderId,
      orderNumber: order.orderNumber,
      purpose,
      amount: due.amount,
      description: paymentDescription(purpose, order.orderNumber),
      customerEmail: order.form.contactEmail ?? '',
      ...this.returnUrls(orderId, purpose),
    });
    const replaced = order.checkouts[purpose];
    const outcome: CommandOutcome = await this.orders.run(
      orderId,
      {
        type: 'StartCheckout',
        purpose,
        amount: due.amount,
        provider: this.provider.name,
        paymentId: checkout.paymentId,
        url: checkout.url,
        expiresAt: checkout.expiresAt,
      },
      context,
    );
    // The link this one replaces must not be payable any more: it may be for another amount.
    if (replaced && !replaced.closed) await this.expire(replaced.paymentId);
    return { url: checkout.url, paymentId: checkout.paymentId, reused: false, position: outcome.position };
  }

  /**
   * Closes the first-payment links started before the order's content changed at `changedAt`: they
   * are for another order. A link opened since is for this one and stays, however late the job runs.
   */
  async expireFirstPaymentLinks(orderId: string, changedAt: Date): Promise<void> {
    for (const purpose of ['deposit', 'setup_fee'] as const) {
      await this.exclusive(orderId, purpose, async () => {
        const link = (await this.orders.current(orderId)).checkouts[purpose];
        if (
          link &&
          !link.closed &&
          link.provider === this.provider.name &&
          new Date(link.startedAt) < changedAt
        )
          await this.expire(link.paymentId);
      });
    }
  }

  /** One change at a time to an order's link for `purpose`, across every process of the app. */
  private async exclusive<T>(orderId: string, purpose: CheckoutPurpose, work: () => Promise<T>): Promise<T> {
    try {
      return await withAdvisoryLock(this.lockPool, `payment-link:${orderId}:${purpose}`, work);
    } catch (error) {
      if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
      throw new DomainError(
        ErrorCode.PAYMENT_BUSY,
        'Un paiement est déjà en cours de préparation pour cette commande : veuillez réessayer dans un instant.',
        'conflict',
      );
    }
  }

  private async expire(paymentId: string): Promise<void> {
    await this.provider.expireCheckout(paymentId).catch((error: unknown) =>
      // Best effort: if it is paid anyway, the order refuses the amount and the webhook says so loudly.
      this.logger.warn({ msg: 'could not expire a replaced payment link', paymentId, err: String(error) }),
    );
  }

  /** Status of a payment at the provider (the result pages ask it); null when the provider could not tell. */
  async status(providerName: string, paymentId: string) {
    if (providerName !== this.provider.name) return null;
    return this.provider.paymentStatus(paymentId).catch(() => null);
  }

  get providerName() {
    return this.provider.name;
  }

  private async openLink(order: OrderState, purpose: CheckoutPurpose, amount: number) {
    const link = order.checkouts[purpose];
    if (!link || link.closed || link.amount !== amount || link.provider !== this.provider.name) return null;
    if (link.expiresAt && Date.parse(link.expiresAt) < Date.now() + REUSE_MARGIN_MS) return null;
    const status = await this.provider.paymentStatus(link.paymentId).catch(() => null);
    return status === 'open' ? link : null;
  }

  private returnUrls(orderId: string, purpose: CheckoutPurpose) {
    const final = purpose === 'balance' || purpose === 'first_month';
    const page = `${this.config.PUBLIC_URL}/${final ? 'payment-final-success' : 'payment-success'}/${orderId}`;
    const query = `type=${returnTypes[purpose]}&provider=${this.provider.name}`;
    return {
      successUrl: `${page}?${query}&payment=${PAYMENT_ID_PLACEHOLDER}`,
      // Stripe fills the payment id in only on success: a cancel says so itself.
      cancelUrl: `${this.config.PUBLIC_URL}/payment-success/${orderId}?${query}&status=canceled`,
    };
  }
}
