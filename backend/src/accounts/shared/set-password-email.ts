import { type OrderState } from '@coseso/domain/orders/order-state';
import { Inject, Injectable } from '@nestjs/common';
import { type AppConfig } from '../../config/app-config.js';
import { EmailService } from '../../emails/email-service.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { AccountStore } from './account-store.js';

/**
 * The account email of a client without a password yet: a one-time link to choose one, about the
 * order that opened (or moved) the account. `key` makes it idempotent: the same key gives the same
 * link and sends one email however often it is asked.
 */
@Injectable()
export class SetPasswordEmail {
  constructor(
    private readonly accounts: AccountStore,
    private readonly emails: EmailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(clientId: string, email: string, order: OrderState, key: string): Promise<void> {
    const orderId = order.orderId;
    const token = await this.accounts.createToken(clientId, 'set', key);
    await this.emails.send(
      'account-created',
      email,
      {
        firstName: order.form.contactFirstName ?? '',
        orderNumber: order.orderNumber,
        setPasswordUrl: `${this.config.PUBLIC_URL}/auth/set-password?token=${encodeURIComponent(token)}&order=${orderId}`,
      },
      `${key}:account-created`,
      { orderId }, // a failure shows on the order the email is about
    );
  }
}
