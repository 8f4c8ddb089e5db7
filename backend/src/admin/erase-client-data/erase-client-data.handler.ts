import { clientDecider } from '@coseso/domain/clients/client-decider';
import { clientStreamId, orderStreamId } from '@coseso/domain/events/event-reader';
import { type EventStore } from '@coseso/event-store/event-store';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { type AppConfig } from '../../config/app-config.js';
import {
  countPlaintextPersonalEvents,
  rawEventStore,
} from '../../infra/personal-data/personal-data-event-store.js';
import { APP_CONFIG, EVENT_STORE, PG_POOL } from '../../infra/tokens.js';
import { ClientCommandRunner } from '../../write-side/client-command-runner.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { type ClientDataErasure, EraseClientDataCommand } from './erase-client-data.command.js';
import { FinishClientErasure } from './finish-client-erasure.js';

/**
 * The right to be forgotten. The decider judges first (an admin, a reason, once, no order still
 * running), on everything read beforehand, the addresses to forget included; then the fact
 * (ClientDataErased) is appended, and only then what follows it, by `FinishClientErasure`: what is
 * kept outside the log (emails held for the addresses, credentials, sessions, links) and, last, the
 * keys. A crash between the fact and its effects leaves the job the event called for to finish them.
 */
@CommandHandler(EraseClientDataCommand)
export class EraseClientDataHandler implements ICommandHandler<EraseClientDataCommand> {
  constructor(
    private readonly clients: ClientCommandRunner,
    private readonly orders: OrderCommandRunner,
    private readonly erasure: FinishClientErasure,
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
    const raw = rawEventStore(this.store);
    const plaintextEvents = countPlaintextPersonalEvents(
      (await Promise.all(streams.map((s) => raw.readStream(s)))).flat(),
    );
    const command = { type: 'EraseClientData', reason, orders, plaintextEvents } as const;
    // The same rules the runner applies, judged before anything irreversible is done.
    clientDecider.decide({ ...command, actor: context.actor, now: this.clients.now() }, client);

    const outcome = await this.clients.run(clientId, command, context);
    await this.erasure.finish({ clientId, orderIds, addresses });
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
