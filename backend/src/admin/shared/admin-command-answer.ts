import { toAdminOrderView } from '@coseso/domain/orders/admin-order-view';
import { type Response } from 'express';
import { exposePosition } from '../../infra/http/event-position.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

/** A back-office command's answer: the order after it, and where its last event stands (read-your-writes). */
export const adminCommandAnswer = (
  response: Response,
  outcome: Pick<CommandOutcome, 'state' | 'position'>,
) => ({
  success: true,
  order: toAdminOrderView(outcome.state, new Date().toISOString()),
  position: exposePosition(response, outcome.position),
});
