import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Req,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { ClientOrder } from '../../accounts/shared/client-order.guard.js';
import { ClientSessionGuard, CurrentClient } from '../../accounts/shared/client-session.guard.js';
import { ApiAnswer } from '../../infra/http/api-schemas.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { ReadsBody } from '../../infra/http/request-body-type.js';
import { clientContext } from '../../auth/client-context.js';
import { OrderIdParams } from '../shared/order-id.js';
import { ListMessagesQuery } from './list-messages.query.js';
import { MessageFilesInterceptor } from './message-files.interceptor.js';
import {
  MarkMessagesReadRequestDto,
  PostClientMessageRequestDto,
  PostMessageMultipartDoc,
} from './messages.request.dto.js';
import { conversationSchema, postedSchema, readSchema } from './messages.schema.js';
import { ConversationWrites } from './conversation-writes.js';

/**
 * The client's side of an order's conversation (`/api/client/orders/:orderId/messages`): only the
 * signed-in client's own orders (404 for others'); every write rate limited.
 */
@ApiTags('Client area: messages')
@Controller('api/client/orders')
@UseGuards(ClientSessionGuard, RateLimitGuard)
export class ClientMessagesHttpController {
  constructor(
    private readonly queries: QueryBus,
    private readonly writes: ConversationWrites,
  ) {}

  @ApiAnswer(conversationSchema)
  @Get(':orderId/messages')
  @ClientOrder()
  @ReadsProjection('conversation')
  list(@Param() { orderId }: OrderIdParams) {
    return this.queries.execute(new ListMessagesQuery(orderId, 'client'));
  }

  /** A message to the team, with up to 5 files; from the support tab, a ticket (`channel: support`). */
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: PostMessageMultipartDoc })
  @ApiAnswer(postedSchema, 'Message envoyé')
  @Post(':orderId/messages')
  @HttpCode(200)
  @ClientOrder()
  @RateLimit('postMessage')
  @ReadsBody('multipart')
  @UseInterceptors(MessageFilesInterceptor)
  async post(
    @Param() { orderId }: OrderIdParams,
    @Body() body: PostClientMessageRequestDto,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const context = clientContext(request, clientId);
    return this.writes.post(orderId, body.channel ?? 'messages', body.text, context, request, response);
  }

  /** A read receipt: the client has read up to message `upTo`. */
  @ApiAnswer(readSchema)
  @Post(':orderId/messages/read')
  @HttpCode(200)
  @ClientOrder()
  @RateLimit('readMessages')
  async read(
    @Param() { orderId }: OrderIdParams,
    @Body() body: MarkMessagesReadRequestDto,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.writes.markRead(orderId, body.upTo, clientContext(request, clientId), response);
  }
}
