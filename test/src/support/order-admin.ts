import { loadConfig } from '@coseso/backend/config/app-config';
import { createApp } from '@coseso/backend/create-app';
import { CompleteOrderCommand } from '@coseso/backend/orders/complete-order/complete-order.command';
import { CreateOrderCommand } from '@coseso/backend/orders/create-order/create-order.command';
import { completeForm } from '@coseso/backend/testing/order-journey';
import { runOrderCommands } from '@coseso/backend/write-side/testing/order-commands';
import { type OrderCommandInput } from '@coseso/domain/orders/order-commands';
import { type OrderForm } from '@coseso/domain/orders/order-form';
import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import { testDatabaseUrl } from '@coseso/database/testing/postgres-test-schema';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { type EventStore } from '@coseso/event-store/event-store';
import { EVENT_STORE } from '@coseso/backend/infra/tokens';
import { CommandBus } from '@nestjs/cqrs';
import { type AppServer } from './app-server.js';
import { appendAsRecorded } from '@coseso/backend/testing/append-as-recorded';

export interface OrderAdmin {
  /**
   * An order a visitor created and completed (`completeForm` with `form` on top) at this write
   * side's clock, placed but unpaid; in the read models once this returns.
   */
  completedOrder(form: Record<string, unknown>): Promise<string>;
  /** Runs the admin's commands on the order, as the back-office would. */
  run(orderId: string, ...commands: OrderCommandInput[]): Promise<void>;
  /** Runs the client's commands on the order, as the client area would (signed in as `clientId`). */
  runAsClient(orderId: string, clientId: string, ...commands: OrderCommandInput[]): Promise<void>;
  /**
   * Appends to the order's stream an event as an older version of the app recorded it (a shape no
   * command writes any more, read through its upcaster), by the team: what a database kept from then.
   */
  appendAsRecorded(
    orderId: string,
    event: { type: string; schemaVersion: number; data: Record<string, unknown> },
  ): Promise<void>;
  /** What the email queue records when it gives up on an email of the order (as the system). */
  recordEmailFailure(orderId: string, recipient: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The back-office's steps of a journey, for the steps whose screens come in later issues: the
 * app's own write side, in this process, on the running app's database and schema. The app then
 * sees the events as it sees any other (its projectors follow the log); each step returns once the
 * order's read models have them, so that a page opened next shows them.
 *
 * `clock`: when its events happen. A clock in the past gives an order older than today (its
 * creation, its first payment request), which no journey through the running app can make.
 */
export async function orderAdminOf(server: AppServer, clock: Clock = systemClock): Promise<OrderAdmin> {
  const app = await createApp(
    loadConfig({
      NODE_ENV: 'test',
      PROCESS_ROLES: 'api',
      DATABASE_URL: testDatabaseUrl(),
      DATABASE_SCHEMA: server.schema,
      PERSONAL_DATA_KEY: server.personalDataKey,
      DATABASE_POOL_SIZE: '2',
      LOG_LEVEL: 'silent',
    }),
    [],
    clock,
  );
  await app.init();
  const projected = async (written: Promise<bigint | null>) => {
    const position = await written;
    if (position === null) return;
    for (const projector of ['order-views', 'order-timeline'])
      if (!(await app.get(ProjectionWaiter).waitFor(projector, position, 60_000)))
        throw new Error(`${projector} did not reach position ${position}`);
  };
  const visitor = { actor: { kind: 'visitor', id: 'anonymous' } } as const;
  return {
    async completedOrder(form) {
      const commands = app.get(CommandBus);
      const { orderId } = await commands.execute(new CreateOrderCommand('landing', {}, undefined, visitor));
      await projected(
        commands
          .execute(new CompleteOrderCommand(orderId, completeForm(form) as OrderForm, visitor))
          .then((outcome) => outcome.position),
      );
      return orderId;
    },
    run: (orderId, ...commands) =>
      projected(runOrderCommands(app, orderId, { kind: 'admin', id: 'admin-journey' }, ...commands)),
    runAsClient: (orderId, clientId, ...commands) =>
      projected(runOrderCommands(app, orderId, { kind: 'client', id: clientId }, ...commands)),
    appendAsRecorded: (orderId, event) =>
      projected(
        appendAsRecorded(app.get<EventStore>(EVENT_STORE), orderId, event, {
          kind: 'admin',
          id: 'admin-journey',
        }),
      ),
    recordEmailFailure: (orderId, recipient) =>
      projected(
        runOrderCommands(
          app,
          orderId,
          { kind: 'system', id: 'emails' },
          {
            type: 'RecordEmailFailure',
            template: 'payment-receipt',
            recipient,
            emailKey: `journey:${orderId}:payment-receipt`,
            since: new Date().toISOString(),
            attempts: 1,
            error: `550 5.1.1 <${recipient}>: no such mailbox`,
          },
        ),
      ),
    close: () => app.close(),
  };
}
