import { type Response } from 'express';
import { exposePosition } from '../../infra/http/event-position.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

/** The answer to a message sent: its number, and where its event stands (read-your-writes). */
export function postedAnswer(response: Response, outcome: CommandOutcome) {
  const posted = outcome.events.find((event) => event.type === 'MessagePosted');
  return {
    success: true,
    message: 'Message envoyé',
    seq: posted?.type === 'MessagePosted' ? posted.data.seq : 0,
    position: exposePosition(response, outcome.position),
  };
}

export const readAnswer = (response: Response, outcome: CommandOutcome) => ({
  success: true,
  position: exposePosition(response, outcome.position),
});
