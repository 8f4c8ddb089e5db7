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
import { ValidateBriefRequestDto } from './validate-brief.request.dto.js';

@ApiTags('Back-office')
@Controller('api/orders')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class ValidateBriefHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** Validates the submitted brief (status brief), recording the date, the notes and the admin: production can start. */
  @ApiAnswer(answerSchema, 'Brief validé')
  @Post(':orderId/validate-brief')
  @HttpCode(200)
  async validate(
    @Param() { orderId }: OrderIdParams,
    @Body() body: ValidateBriefRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new RunAdminActionCommand(
        orderId,
        'validate_brief',
        { notes: body.notes ?? '' },
        adminContext(request),
      ),
    );
    return adminCommandAnswer(response, outcome);
  }
}
