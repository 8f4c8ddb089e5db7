import { paymentReturnTypes } from '@coseso/domain/orders/payment-labels';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type AppConfig } from '../../config/app-config.js';
import { type NamedLocks, PostgresNamedLocks, isLockNotAvailable } from '../../infra/database/named-locks.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import {
  type CheckoutPurpose,
  PAYMENT_ID_PLACEHOLDER,
  PAYMENT_PROVIDER,
  type PaymentProvider,
} from '../payment-provider.js';

export type { CheckoutPurpose };

/** How long a request waits for another one preparing the same link (a provider slow to answer). */
const LOCK_WAIT_MS = 15_000;

/** The locks of the payment links (the NamedLocks port), injected. */
export const PAYMENT_LINK_LOCKS = Symbol('PAYMENT_LINK_LOCKS');

/**
 * Postgres advisory locks on their own few connections: each is held while the provider answers
 * (seconds, if it is slow), so a provider outage can only make payment requests wait, never the
 * rest of the API.
 */
export const paymentLinkLocks = {
  provide: PAYMENT_LINK_LOCKS,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): NamedLocks => {
    const logger = new Logger('PaymentLinks');
    return new PostgresNamedLocks({
      connectionString: config.DATABASE_URL,
      connections: 4,
      // Every wait for a lock gives up after LOCK_WAIT_MS (error 55P03).
      lockWaitMs: LOCK_WAIT_MS,
      onLostConnection: (error) =>
        logger.warn({ msg: 'a payment lock connection was lost', err: error.message }),
    });
  },
};

export interface PaymentLink {
  readonly url: string;
  readonly paymentId: string;
  readonly reused: boolean;
  readonly position: bigint | null;
}

/**
 * What the payment-link commands share: the provider, one change at a time per order and purpose
 * (a double click, two tabs, two API processes), and the links worth giving again.
 */
@Injectable()
export class PaymentLinks implements OnModuleDestroy {
  private readonly logger = new Logger('PaymentLinks');

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_LINK_LOCKS) private readonly locks: NamedLocks,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.locks.close();
  }

  /** One change at a time to an order's link for `purpose`, across every process of the app. */
  async exclusive<T>(orderId: string, purpose: CheckoutPurpose, work: () => Promise<T>): Promise<T> {
    try {
      return await this.locks.exclusive(`payment-link:${orderId}:${purpose}`, work);
    } catch (error) {
      if (!isLockNotAvailable(error)) throw error;
      throw new DomainError(
        ErrorCode.PAYMENT_BUSY,
        'Un paiement est déjà en cours de préparation pour cette commande : veuillez réessayer dans un instant.',
        'conflict',
      );
    }
  }

  async expire(paymentId: string): Promise<void> {
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

  /** Whether the provider still holds the link open (one it cannot tell about is not given again). */
  async stillOpen(paymentId: string): Promise<boolean> {
    return (await this.provider.paymentStatus(paymentId).catch(() => null)) === 'open';
  }

  returnUrls(orderId: string, purpose: CheckoutPurpose) {
    const final = purpose === 'balance' || purpose === 'first_month';
    const page = `${this.config.PUBLIC_URL}/${final ? 'payment-final-success' : 'payment-success'}/${orderId}`;
    const query = `type=${paymentReturnTypes[purpose]}&provider=${this.provider.name}`;
    return {
      successUrl: `${page}?${query}&payment=${PAYMENT_ID_PLACEHOLDER}`,
      // Stripe fills the payment id in only on success: a cancel says so itself.
      cancelUrl: `${this.config.PUBLIC_URL}/payment-success/${orderId}?${query}&status=canceled`,
    };
  }
}
