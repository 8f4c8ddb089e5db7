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
import { RefundPaymentCommand } from './refund-payment.command.js';
import { RefundPaymentRequestDto } from './refund-payment.request.dto.js';

@ApiTags('Back-office')
@Controller('api/admin/orders')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class RefundPaymentHttpController {
  constructor(private readonly commands: CommandBus) {}

  /**
   * « Rembourser »: part or all of what is left of a card payment of the order, for a reason. The
   * provider is asked afterwards (retried; a failure shows on the order), and its report of the refund
   * credits the payment's invoice. A payment received by hand is refused: it is given back by hand.
   */
  @ApiAnswer(answerSchema, 'Remboursement demandé au prestataire')
  @Post(':orderId/refunds')
  @HttpCode(200)
  async refund(
    @Param() { orderId }: OrderIdParams,
    @Body() body: RefundPaymentRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new RefundPaymentCommand(orderId, body.paymentId, body.amount, body.reason, adminContext(request)),
    );
    return adminCommandAnswer(response, outcome);
  }
}
