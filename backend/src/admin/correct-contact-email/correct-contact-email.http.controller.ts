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
import { CorrectContactEmailCommand } from './correct-contact-email.command.js';
import { CorrectContactEmailRequestDto } from './correct-contact-email.request.dto.js';

@ApiTags('Back-office')
@Controller('api/admin/orders')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class CorrectContactEmailHttpController {
  constructor(private readonly commands: CommandBus) {}

  /**
   * The contact's address was wrong or no longer reaches the client: the order's emails go to the
   * new one, the client account (if any) signs in with it, and an account without a password yet
   * gets its account email again there, with a fresh link.
   */
  @ApiAnswer(answerSchema, 'Email du contact corrigé')
  @Post(':orderId/contact-email')
  @HttpCode(200)
  async correct(
    @Param() { orderId }: OrderIdParams,
    @Body() body: CorrectContactEmailRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new CorrectContactEmailCommand(orderId, body.email, body.reason, adminContext(request)),
    );
    return adminCommandAnswer(response, outcome);
  }
}
