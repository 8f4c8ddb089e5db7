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
import { RecordOfflinePaymentRequestDto } from './record-offline-payment.request.dto.js';

@ApiTags('Back-office')
@Controller('api/admin/orders')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class RecordOfflinePaymentHttpController {
  constructor(private readonly commands: CommandBus) {}

  /**
   * A payment received outside the card provider, with its reference and day: the first payment
   * while the order waits for it (the client's account, contract and emails follow, as after a
   * card payment), else the balance (yearly) or the first month (monthly), after which the order is
   * ready for delivery. A first month paid this way starts no subscription: nothing renews it.
   */
  @ApiAnswer(answerSchema, 'Paiement enregistré')
  @Post(':orderId/offline-payment')
  @HttpCode(200)
  async record(
    @Param() { orderId }: OrderIdParams,
    @Body() body: RecordOfflinePaymentRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new RunAdminActionCommand(
        orderId,
        'record_offline_payment',
        { paymentReference: body.reference, paymentDate: body.receivedOn, paymentMeans: body.means },
        adminContext(request),
      ),
    );
    return adminCommandAnswer(response, outcome);
  }
}
