import { Body, Controller, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { ClientOrder } from '../../accounts/shared/client-order.guard.js';
import { ClientSessionGuard, CurrentClient } from '../../accounts/shared/client-session.guard.js';
import { sessionReference } from '../../accounts/shared/session-reference.js';
import { ApiAnswer, approvalReceipt, position, schema } from '../../infra/http/api-schemas.js';
import { exposePosition } from '../../infra/http/event-position.js';
import { clientContext } from '../../auth/client-context.js';
import { OrderIdParams } from '../shared/order-id.js';
import { ReviewOrderCommand } from './review-order.command.js';
import { ReviewOrderRequestDto } from './review-order.request.dto.js';

/** `POST /api/client/orders/:orderId/review` (spec §7.1): approve the preview or request changes. */
@ApiTags('Client area: review')
@Controller('api/client/orders')
@UseGuards(ClientSessionGuard)
export class ReviewOrderHttpController {
  constructor(private readonly commands: CommandBus) {}

  @ApiAnswer(
    schema.object({
      success: schema.boolean(),
      message: schema.string(),
      status: schema.string(),
      reviewStatus: schema.oneOf(['pending', 'approved', 'changes_requested']),
      reviewRound: schema.integer(),
      reviewApproval: schema.nullable(approvalReceipt),
      position,
    }),
  )
  @Post(':orderId/review')
  @HttpCode(200)
  @ClientOrder()
  async review(
    @Param() { orderId }: OrderIdParams,
    @Body() body: ReviewOrderRequestDto,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const answer =
      body.reviewStatus === 'approved'
        ? ({ reviewStatus: 'approved' } as const)
        : ({ reviewStatus: 'changes_requested', reviewFeedback: body.reviewFeedback ?? '' } as const);
    const outcome = await this.commands.execute(
      new ReviewOrderCommand(orderId, answer, sessionReference(request), clientContext(request, clientId)),
    );
    return {
      success: true,
      message: 'Retour envoyé',
      status: outcome.state.status,
      reviewStatus: outcome.state.review.status,
      reviewRound: outcome.state.review.round,
      reviewApproval: outcome.state.review.approval ?? null,
      position: exposePosition(response, outcome.position),
    };
  }
}
