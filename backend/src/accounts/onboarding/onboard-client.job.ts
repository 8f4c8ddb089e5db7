import { clientStreamId } from '@coseso/domain/events/event-reader';
import { type EventStore, isWrongExpectedRevision } from '@coseso/event-store/event-store';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type AppConfig } from '../../config/app-config.js';
import { EmailService } from '../../emails/email-service.js';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { APP_CONFIG, EVENT_STORE } from '../../infra/tokens.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { AccountStore } from '../shared/account-store.js';

export const ONBOARD_CLIENT_JOB = 'onboard-client';

const system = { kind: 'system' as const, id: 'onboarding' };

/**
 * After an order's first payment: the client account for its email (created on first order,
 * reused after), the order linked to it, and for a client without a password yet the email with
 * the one-time link to choose one. Every step is idempotent, so a retried job changes nothing twice.
 */
@Injectable()
export class OnboardClientJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly accounts: AccountStore,
    private readonly orders: OrderCommandRunner,
    private readonly emails: EmailService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register(ONBOARD_CLIENT_JOB, (data) =>
      this.run(String(data['orderId']), String(data['eventId'])),
    );
  }

  async run(orderId: string, eventId: string): Promise<void> {
    const order = await this.orders.current(orderId);
    const email = (order.form.contactEmail ?? '').trim().toLowerCase();
    if (!email) throw new Error(`order ${orderId} has no contact email`);
    const { clientId } = await this.accounts.claimEmail(email);
    const metadata = {
      actor: system,
      commandId: `onboard:${eventId}`,
      correlationId: eventId,
      causationId: eventId,
      occurredAt: new Date().toISOString(),
    };
    try {
      await this.store.appendToStream(
        clientStreamId(clientId),
        [
          {
            type: 'ClientAccountCreated',
            schemaVersion: 1,
            data: {
              clientId,
              email,
              firstName: order.form.contactFirstName ?? '',
              lastName: order.form.contactLastName ?? '',
              firstOrderId: orderId,
            },
            metadata,
          },
        ],
        { expectedRevision: 'no_stream', commandId: metadata.commandId },
      );
    } catch (error) {
      if (!isWrongExpectedRevision(error)) throw error; // the account existed already: a returning client
    }
    await this.orders.run(
      orderId,
      { type: 'LinkOrderToClient', clientId },
      { actor: system, commandId: `link:${eventId}`, causationId: eventId },
    );

    if (await this.accounts.hasPassword(clientId)) return;
    const token = await this.accounts.createToken(clientId, 'set', eventId);
    await this.emails.send(
      'account-created',
      email,
      {
        firstName: order.form.contactFirstName ?? '',
        orderNumber: order.orderNumber,
        setPasswordUrl: `${this.config.PUBLIC_URL}/auth/set-password?token=${encodeURIComponent(token)}&order=${orderId}`,
      },
      `${eventId}:account-created`,
    );
  }
}
