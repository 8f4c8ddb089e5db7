import { Body, Controller, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { ApiAnswer } from '../../infra/http/api-schemas.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { adminContext } from '../../auth/admin-context.js';
import { AdminGuard, AdminRoles } from '../../auth/admin.guard.js';
import { adminCommandAnswer } from '../shared/admin-command-answer.js';
import { adminCommandAnswer as answerSchema } from '../shared/admin-order.schema.js';
import { RunAdminActionCommand } from '../shared/run-admin-action.command.js';
import { RequestMoreElementsRequestDto } from './request-more-elements.request.dto.js';

@ApiTags('Back-office')
@Controller('api/admin/orders')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class RequestMoreElementsHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** brief → brief_pending: the client is asked for more elements, with this message. */
  @ApiAnswer(answerSchema, 'Demande envoyée')
  @Post(':orderId/request-more-elements')
  @HttpCode(200)
  async request(
    @Param() { orderId }: OrderIdParams,
    @Body() body: RequestMoreElementsRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new RunAdminActionCommand(
        orderId,
        'request_more_elements',
        { notes: body.notes },
        adminContext(request),
      ),
    );
    return adminCommandAnswer(response, outcome);
  }
}
