import { toAdminOrderView } from '@coseso/domain/orders/admin-order-view';
import { type Response } from 'express';
import { exposePosition } from '../../infra/http/event-position.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

/**
 * A back-office command's answer: the order after it, seen at the time the command ran (the runner's
 * Clock, so its waits and deadlines agree with the events), and where its last event stands (read-your-writes).
 */
export const adminCommandAnswer = (
  response: Response,
  outcome: Pick<CommandOutcome, 'state' | 'position' | 'at'>,
) => ({
  success: true,
  order: toAdminOrderView(outcome.state, outcome.at),
  position: exposePosition(response, outcome.position),
});
