import { Controller, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { ApiAnswer } from '../../infra/http/api-schemas.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { adminContext } from '../../auth/admin-context.js';
import { AdminGuard, AdminRoles } from '../../auth/admin.guard.js';
import { adminCommandAnswer } from '../shared/admin-command-answer.js';
import { adminCommandAnswer as answerSchema } from '../shared/admin-order.schema.js';
import { ResendPaymentLinkCommand } from './resend-payment-link.command.js';

@ApiTags('Back-office')
@Controller('api/admin/orders')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class ResendPaymentLinkHttpController {
  constructor(private readonly commands: CommandBus) {}

  /**
   * awaiting_balance_payment / awaiting_first_monthly_payment: the client is emailed the way to pay
   * again (recorded as PaymentLinkResent); 409 in any other status.
   */
  @ApiAnswer(answerSchema, 'Lien de paiement renvoyé')
  @Post(':orderId/resend-payment-link')
  @HttpCode(200)
  async resend(
    @Param() { orderId }: OrderIdParams,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(new ResendPaymentLinkCommand(orderId, adminContext(request)));
    return adminCommandAnswer(response, outcome);
  }
}
