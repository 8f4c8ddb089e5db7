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
import { adminContext } from '../../auth/admin-context.js';
import { AdminGuard, AdminRoles } from '../../auth/admin.guard.js';
import { ApiAnswer } from '../../infra/http/api-schemas.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { ReadsBody } from '../../infra/http/request-body-type.js';
import { orderNotFound } from '../shared/order-errors.js';
import { OrderIdParams } from '../shared/order-id.js';
import { OrderIdParamGuard } from './order-id-param.guard.js';
import { ListMessagesQuery, UnreadByTeamQuery } from './list-messages.query.js';
import { MessageFilesInterceptor } from './message-files.interceptor.js';
import {
  MarkMessagesReadRequestDto,
  PostMessageMultipartDoc,
  PostMessageRequestDto,
} from './messages.request.dto.js';
import { conversationSchema, postedSchema, readSchema, unreadByOrderSchema } from './messages.schema.js';
import { ConversationWrites } from './conversation-writes.js';

/**
 * The team's side of an order's conversation (`/api/admin/orders/:orderId/messages`): auditors read
 * it, only admins write in it (and mark it read: an auditor reading is not the team answering).
 */
@ApiTags('Back-office: messages')
@Controller('api/admin')
@UseGuards(AdminGuard, RateLimitGuard)
export class AdminMessagesHttpController {
  constructor(
    private readonly queries: QueryBus,
    private readonly writes: ConversationWrites,
  ) {}

  @ApiAnswer(unreadByOrderSchema)
  @Get('messages/unread')
  @ReadsProjection('conversation')
  async unread() {
    return { orders: await this.queries.execute(new UnreadByTeamQuery()) };
  }

  @ApiAnswer(conversationSchema)
  @Get('orders/:orderId/messages')
  @ReadsProjection('conversation')
  async list(@Param() { orderId }: OrderIdParams) {
    const conversation = await this.queries.execute(new ListMessagesQuery(orderId, 'team'));
    if (!conversation) throw orderNotFound();
    return conversation;
  }

  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: PostMessageMultipartDoc })
  @ApiAnswer(postedSchema, 'Message envoyé')
  @Post('orders/:orderId/messages')
  @HttpCode(200)
  @AdminRoles('admin')
  @UseGuards(OrderIdParamGuard)
  @RateLimit('postMessage')
  @ReadsBody('multipart')
  @UseInterceptors(MessageFilesInterceptor)
  async post(
    @Param() { orderId }: OrderIdParams,
    @Body() body: PostMessageRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.writes.post(orderId, 'messages', body.text, adminContext(request), request, response);
  }

  @ApiAnswer(readSchema)
  @Post('orders/:orderId/messages/read')
  @HttpCode(200)
  @AdminRoles('admin')
  @RateLimit('readMessages')
  async read(
    @Param() { orderId }: OrderIdParams,
    @Body() body: MarkMessagesReadRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.writes.markRead(orderId, body.upTo, adminContext(request), response);
  }
}
