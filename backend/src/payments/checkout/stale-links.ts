import { type OrderState } from '@coseso/domain/orders/order-state';
import { type StaleLink, staleLinks } from '@coseso/domain/orders/stale-payment-links';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.js';

/** Links expired lately by this process: the provider's webhook saying so comes a moment later. */
const REMEMBERED_EXPIRIES = 10_000;

/**
 * Closes, through the provider, the payment links an order change made stale (a new amount due,
 * another rhythm, template or options, an order no longer waiting for that payment). Run right
 * after the change, before its author is answered; the stale-links job runs it again from the log,
 * with retries, in case the provider could not be reached then or the process died in between.
 */
@Injectable()
export class StaleLinks implements OnModuleInit {
  private readonly logger = new Logger('StaleLinks');
  private readonly expired = new Set<string>();

  constructor(
    private readonly orders: OrderCommandRunner,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  onModuleInit(): void {
    this.orders.onChanged(async (orderId, state) => {
      try {
        await this.close(state);
      } catch (error) {
        // The job, from the log, tries again; a payment that slips through meanwhile is refunded.
        this.logger.warn({ msg: 'could not expire a stale payment link', orderId, err: String(error) });
      }
    });
  }

  /** Expires every stale link of the order at once; rejects when the provider could not expire one. */
  async close(state: OrderState): Promise<StaleLink[]> {
    const stale = staleLinks(state).filter(
      (link) => link.provider === this.provider.name && !this.expired.has(link.paymentId),
    );
    await Promise.all(
      stale.map(async (link) => {
        await this.provider.expireCheckout(link.paymentId);
        this.remember(link.paymentId);
      }),
    );
    return stale;
  }

  /** Expires the stale links of the order as the log has it now. */
  async closeFor(orderId: string): Promise<StaleLink[]> {
    return this.close(await this.orders.current(orderId));
  }

  private remember(paymentId: string) {
    this.expired.add(paymentId);
    for (const oldest of this.expired) {
      if (this.expired.size <= REMEMBERED_EXPIRIES) break;
      this.expired.delete(oldest);
    }
  }
}
