import { type MessageChannel } from '@coseso/event-schemas/order/order-keys';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Request, type Response } from 'express';
import { exposePosition } from '../../infra/http/event-position.js';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { messageFiles } from './message-files.interceptor.js';
import { PostMessageCommand } from './post-message.command.js';

/** The answer to a message sent: its number, and where its event stands (read-your-writes). */
function postedAnswer(response: Response, outcome: CommandOutcome) {
  const posted = outcome.events.find((event) => event.type === 'MessagePosted');
  return {
    success: true,
    message: 'Message envoyé',
    seq: posted?.type === 'MessagePosted' ? posted.data.seq : 0,
    position: exposePosition(response, outcome.position),
  };
}

/**
 * What either side writes in an order's conversation, whoever it is (`context`): the client's and
 * the team's controllers differ by their guards and routes only.
 */
@Injectable()
export class ConversationWrites {
  constructor(
    private readonly commands: CommandBus,
    private readonly orders: OrderCommandRunner,
  ) {}

  /** A message with the files the request carried (MessageFilesInterceptor has checked them). */
  async post(
    orderId: string,
    channel: MessageChannel,
    text: string | undefined,
    context: CommandContext,
    request: Request,
    response: Response,
  ) {
    const outcome = await this.commands.execute(
      new PostMessageCommand(orderId, channel, text ?? '', messageFiles(request), context),
    );
    return postedAnswer(response, outcome);
  }

  /** A read receipt: this side has read up to message `upTo`. */
  async markRead(orderId: string, upTo: number, context: CommandContext, response: Response) {
    const outcome = await this.orders.runAll(orderId, [{ type: 'MarkMessagesRead', upTo }], context);
    return { success: true, position: exposePosition(response, outcome.position) };
  }
}
