import { clientDecider } from '@coseso/domain/clients/client-decider';
import { clientStreamId, orderStreamId } from '@coseso/domain/events/event-reader';
import { type EventStore } from '@coseso/event-store/event-store';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { AccountStore } from '../../accounts/shared/account-store.js';
import { type AppConfig } from '../../config/app-config.js';
import { EmailService } from '../../emails/email-service.js';
import {
  PersonalDataEventStore,
  clientSubject,
  countPlaintextPersonalEvents,
  orderSubject,
  rawEventStore,
} from '../../infra/personal-data/personal-data-event-store.js';
import { APP_CONFIG, EVENT_STORE, PG_POOL } from '../../infra/tokens.js';
import { ClientCommandRunner } from '../../write-side/client-command-runner.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { type ClientDataErasure, EraseClientDataCommand } from './erase-client-data.command.js';

/**
 * The right to be forgotten. The decider judges first (an admin, a reason, once, no order still
 * running); then the keys are destroyed and only then is ClientDataErased appended: a crash in
 * between leaves the keys gone and the command to run again, never an erasure the log claims but
 * the keys contradict. Then what is kept outside the log goes: credentials, sessions, links, the
 * emails still held for the address.
 */
@CommandHandler(EraseClientDataCommand)
export class EraseClientDataHandler implements ICommandHandler<EraseClientDataCommand> {
  constructor(
    private readonly clients: ClientCommandRunner,
    private readonly orders: OrderCommandRunner,
    private readonly accounts: AccountStore,
    private readonly emails: EmailService,
    private readonly waiter: ProjectionWaiter,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ clientId, reason, context }: EraseClientDataCommand): Promise<ClientDataErasure> {
    const client = await this.clients.current(clientId);
    const orderIds = await this.ordersOf(clientId, client.firstOrderId);
    const states = await Promise.all(orderIds.map((orderId) => this.orders.current(orderId)));
    const orders = states.map((state, i) => ({
      orderId: orderIds[i]!,
      orderNumber: state.orderNumber,
      status: state.status,
      subscriptionActive: state.subscription.status === 'active',
    }));
    // The account's address and each order's contact address (an order may name another one).
    const addresses = new Set(
      [client.email, ...states.map((state) => state.form.contactEmail)]
        .filter((email): email is string => Boolean(email))
        .map((email) => email.toLowerCase()),
    );
    const streams = [clientStreamId(clientId), ...orderIds.map(orderStreamId)];
    const store = this.store instanceof PersonalDataEventStore ? this.store : null;
    const raw = rawEventStore(this.store);
    const plaintextEvents = countPlaintextPersonalEvents(
      (await Promise.all(streams.map((s) => raw.readStream(s)))).flat(),
    );
    const command = { type: 'EraseClientData', reason, orders, plaintextEvents } as const;
    // The same rules the runner applies, judged before anything irreversible is done.
    clientDecider.decide({ ...command, actor: context.actor, now: new Date().toISOString() }, client);

    await store?.keys.erase([clientSubject(clientId), ...orderIds.map(orderSubject)]);
    const outcome = await this.clients.run(clientId, command, context);

    await this.accounts.forgetClient(clientId);
    for (const address of addresses) await this.emails.forgetRecipient(address);
    this.clients.forget(clientId);
    for (const orderId of orderIds) this.orders.forget(orderId);
    return { clientId, orderIds, plaintextEvents, position: outcome.position };
  }

  /** The orders linked to the client, as the read model knows them once caught up, and its first. */
  private async ordersOf(clientId: string, firstOrderId: string | null): Promise<string[]> {
    await this.waiter.waitForCatchUp('order-views', this.config.READ_YOUR_WRITES_WAIT_MS);
    const { rows } = await this.pool.query<{ order_id: string }>(
      `select order_id from "${this.config.DATABASE_SCHEMA}".order_summary where client_id = $1 order by order_number`,
      [clientId],
    );
    const ids = rows.map((r) => r.order_id);
    if (firstOrderId && !ids.includes(firstOrderId)) ids.unshift(firstOrderId);
    return ids;
  }
}
