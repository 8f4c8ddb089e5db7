import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { Body, Controller, Param, Patch, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { ApiAnswer } from '../../infra/http/api-schemas.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { adminContext } from '../../auth/admin-context.js';
import { AdminGuard, AdminRoles } from '../../auth/admin.guard.js';
import { adminCommandAnswer } from '../shared/admin-command-answer.js';
import { ApiConflict, adminCommandAnswer as answerSchema } from '../shared/admin-order.schema.js';
import { ChangeOrderStatusCommand } from './change-order-status.command.js';
import { ChangeOrderStatusRequestDto } from './change-order-status.request.dto.js';

@ApiTags('Back-office')
@Controller('api/admin/orders')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class ChangeOrderStatusHttpController {
  constructor(private readonly commands: CommandBus) {}

  /**
   * Moves the order along the transition table (docs/architecture.md §4): contract_signed (sign once paid, or force
   * with a reason), brief_pending (open the brief, ask for more elements, reactivate), in_progress
   * (start production; a correction from en_revision or awaiting_*), en_revision (review URL; changes
   * done), awaiting_balance_payment / awaiting_first_monthly_payment (once approved), ready_for_delivery
   * (offline payment), delivered (deliveryUrl), cancelled, brief (correction). Anything else: 409.
   */
  @ApiAnswer(answerSchema, 'Statut mis à jour')
  @ApiConflict()
  @Patch(':orderId/status')
  async change(
    @Param() { orderId }: OrderIdParams,
    @Body() body: ChangeOrderStatusRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new ChangeOrderStatusCommand(
        orderId,
        body.status as OrderStatus,
        {
          reviewUrl: body.reviewUrl ?? null,
          adminNote: body.adminNote ?? null,
          reason: body.reason ?? null,
          deliveryUrl: body.deliveryUrl ?? null,
          paymentReference: body.paymentReference ?? null,
          paymentDate: body.paymentDate ?? null,
          paymentMeans: body.paymentMeans ?? null,
          refund: body.refund ?? null,
        },
        adminContext(request),
      ),
    );
    return adminCommandAnswer(response, outcome);
  }
}
