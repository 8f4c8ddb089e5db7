import { Body, Controller, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { ClientOrder } from '../../accounts/shared/client-order.guard.js';
import { ClientSessionGuard, CurrentClient } from '../../accounts/shared/client-session.guard.js';
import { ApiAnswer, position, schema } from '../../infra/http/api-schemas.js';
import { exposePosition } from '../../infra/http/event-position.js';
import { clientContext } from '../../auth/client-context.js';
import { OrderIdParams } from '../shared/order-id.js';
import { SubmitBriefCommand } from './submit-brief.command.js';
import { SubmitBriefRequestDto } from './submit-brief.request.dto.js';

/** `POST /api/client/orders/:orderId/submit-brief` (spec §7.1): brief_pending → brief. */
@ApiTags('Client area: brief')
@Controller('api/client/orders')
@UseGuards(ClientSessionGuard)
export class SubmitBriefHttpController {
  constructor(private readonly commands: CommandBus) {}

  @ApiAnswer(
    schema.object({
      success: schema.boolean(),
      message: schema.string(),
      status: schema.string(),
      briefSubmittedAt: schema.nullable(schema.dateTime()),
      position,
    }),
  )
  @Post(':orderId/submit-brief')
  @HttpCode(200)
  @ClientOrder()
  async submit(
    @Param() { orderId }: OrderIdParams,
    @Body() body: SubmitBriefRequestDto,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new SubmitBriefCommand(orderId, body.nothingToSend ?? false, clientContext(request, clientId)),
    );
    return {
      success: true,
      message: 'Brief soumis',
      status: outcome.state.status,
      briefSubmittedAt: outcome.state.brief.submittedAt,
      position: exposePosition(response, outcome.position),
    };
  }
}
