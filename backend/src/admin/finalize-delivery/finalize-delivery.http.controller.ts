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
import { FinalizeDeliveryRequestDto } from './finalize-delivery.request.dto.js';

@ApiTags('Back-office')
@Controller('api/admin/orders')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class FinalizeDeliveryHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** ready_for_delivery → delivered, with the site's URL; the client is told by email. */
  @ApiAnswer(answerSchema, 'Livraison confirmée')
  @Post(':orderId/finalize-delivery')
  @HttpCode(200)
  async finalize(
    @Param() { orderId }: OrderIdParams,
    @Body() body: FinalizeDeliveryRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new RunAdminActionCommand(
        orderId,
        'finalize_delivery',
        { deliveryUrl: body.deliveryUrl },
        adminContext(request),
      ),
    );
    return adminCommandAnswer(response, outcome);
  }
}
