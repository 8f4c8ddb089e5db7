import { Body, Controller, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { type AnswerOf, ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { adminContext } from '../../auth/admin-context.js';
import { AdminGuard, AdminRoles } from '../../auth/admin.guard.js';
import { adminCommandAnswer } from '../shared/admin-command-answer.js';
import { adminOrderSchema } from '../shared/admin-order.schema.js';
import { erasureMessage } from '../shared/erasure-message.js';
import { EraseOrderContactCommand } from './erase-order-contact.command.js';
import { EraseOrderContactRequestDto } from './erase-order-contact.request.dto.js';

const orderContactErasureSchema = schema.object({
  success: schema.boolean(),
  orderId: schema.string('The order'),
  plaintextEvents: schema.integer(
    'Events stored in clear before encryption existed: kept as written in the log, shown erased',
  ),
  message: schema.string('What was done, in French, for the admin'),
  order: adminOrderSchema,
  position: schema.nullable(schema.integer('Global position of the OrderContactErased event')),
});

/**
 * `POST /api/admin/orders/:orderId/erase-contact`: the right to be forgotten of a visitor who never
 * became a client (admins only); a client's orders are erased with the client.
 */
@ApiTags('Back-office')
@Controller('api/admin/orders')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class EraseOrderContactHttpController {
  constructor(private readonly commands: CommandBus) {}

  @ApiAnswer(orderContactErasureSchema, 'Données du contact effacées')
  @Post(':orderId/erase-contact')
  @HttpCode(200)
  async erase(
    @Param() { orderId }: OrderIdParams,
    @Body() body: EraseOrderContactRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AnswerOf<typeof orderContactErasureSchema>> {
    const erasure = await this.commands.execute(
      new EraseOrderContactCommand(orderId, body.reason, adminContext(request)),
    );
    return {
      ...adminCommandAnswer(response, erasure),
      orderId,
      plaintextEvents: erasure.plaintextEvents,
      message: erasureMessage('Données du contact effacées.', erasure.plaintextEvents),
    };
  }
}
