import { type OrderCommandInput } from '@coseso/domain/orders/order-commands';
import { type OrderState } from '@coseso/domain/orders/order-state';
import { type Actor } from '@coseso/event-schemas/envelope';
import { type INestApplicationContext } from '@nestjs/common';
import { OrderCommandRunner } from '../order-command-runner.js';

/**
 * Runs order commands straight on the write side: for tests of steps whose routes come in later
 * issues. Gives the global position of the last event appended (null when none was).
 */
export async function runOrderCommands(
  app: INestApplicationContext,
  orderId: string,
  actor: Actor,
  ...commands: OrderCommandInput[]
): Promise<bigint | null> {
  const runner = app.get(OrderCommandRunner);
  let last: bigint | null = null;
  for (const command of commands) last = (await runner.run(orderId, command, { actor })).position ?? last;
  return last;
}

/** The order as its stream has it now. */
export const currentOrder = (app: INestApplicationContext, orderId: string): Promise<OrderState> =>
  app.get(OrderCommandRunner).current(orderId);

/**
 * The team's steps from a paid order to its preview sent for review: the contract marked signed on
 * paper, the brief opened, sent with nothing (as the team may), validated, production, the preview.
 */
export const untilPreviewSent = (reviewUrl: string): OrderCommandInput[] => [
  { type: 'CorrectStatus', to: 'contract_signed', reason: 'Contrat signé sur papier' },
  { type: 'OpenBrief' },
  { type: 'SubmitBrief', nothingToSend: true },
  { type: 'ValidateBrief', notes: 'Complet' },
  { type: 'StartProduction' },
  { type: 'SendReviewLink', reviewUrl },
];

/**
 * A paid order taken through its brief, production and an approved review, then its final payment
 * asked for: the team's and the client's steps, run straight, for tests about the money that follows.
 */
export async function untilFinalPaymentAsked(
  app: INestApplicationContext,
  orderId: string,
  admin: Actor = { kind: 'admin', id: 'admin-test' },
): Promise<void> {
  await runOrderCommands(app, orderId, admin, ...untilPreviewSent('https://preview.coseso.fr/martin'));
  const client = (await currentOrder(app, orderId)).clientId!;
  await runOrderCommands(app, orderId, { kind: 'client', id: client }, { type: 'ApproveReview' });
  await runOrderCommands(app, orderId, admin, { type: 'RequestFinalPayment' });
}
