import { type OrderCommandInput } from '@coseso/domain/orders/order-commands';
import { type OrderState } from '@coseso/domain/orders/order-state';
import { type Actor } from '@coseso/event-schemas/envelope';
import { type INestApplicationContext } from '@nestjs/common';
import { OrderCommandRunner } from '../order-command-runner.js';

/** Runs order commands straight on the write side: for tests of steps whose routes come in later issues. */
export async function runOrderCommands(
  app: INestApplicationContext,
  orderId: string,
  actor: Actor,
  ...commands: OrderCommandInput[]
): Promise<void> {
  const runner = app.get(OrderCommandRunner);
  for (const command of commands) await runner.run(orderId, command, { actor });
}

/** The order as its stream has it now. */
export const currentOrder = (app: INestApplicationContext, orderId: string): Promise<OrderState> =>
  app.get(OrderCommandRunner).current(orderId);
