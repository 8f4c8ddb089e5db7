import { Body, Controller, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { type AnswerOf, ApiAnswer, ApiRefusal, schema } from '../../infra/http/api-schemas.js';
import { exposePosition } from '../../infra/http/event-position.js';
import { adminContext } from '../../auth/admin-context.js';
import { AdminGuard, AdminRoles } from '../../auth/admin.guard.js';
import { erasureMessage } from '../shared/erasure-message.js';
import { EraseClientDataCommand } from './erase-client-data.command.js';
import { ClientIdParams, EraseClientDataRequestDto } from './erase-client-data.request.dto.js';

const clientDataErasureSchema = schema.object({
  success: schema.boolean(),
  clientId: schema.string('The client account'),
  orderIds: schema.array(schema.string(), 'Its orders, whose contact key was destroyed too'),
  plaintextEvents: schema.integer(
    'Events stored in clear before encryption existed: kept as written in the log, shown erased',
  ),
  message: schema.string('What was done, in French, for the admin'),
  position: schema.nullable(schema.integer('Global position of the ClientDataErased event')),
});

/** `POST /api/admin/clients/:clientId/erase`: the right to be forgotten (admins only). */
@ApiTags('Back-office')
@Controller('api/admin/clients')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class EraseClientDataHttpController {
  constructor(private readonly commands: CommandBus) {}

  @ApiAnswer(clientDataErasureSchema, 'Données du client effacées')
  @ApiRefusal(
    409,
    'Une commande du client est encore en cours (CLIENT.ORDERS_OPEN), ou ses données sont déjà effacées (CLIENT.ALREADY_ERASED)',
  )
  @Post(':clientId/erase')
  @HttpCode(200)
  async erase(
    @Param() { clientId }: ClientIdParams,
    @Body() body: EraseClientDataRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AnswerOf<typeof clientDataErasureSchema>> {
    const erasure = await this.commands.execute(
      new EraseClientDataCommand(clientId, body.reason, adminContext(request)),
    );
    const orders = erasure.orderIds.length;
    return {
      success: true as const,
      clientId,
      orderIds: erasure.orderIds,
      plaintextEvents: erasure.plaintextEvents,
      message: erasureMessage(
        `Données du client effacées (${orders} commande${orders > 1 ? 's' : ''}).`,
        erasure.plaintextEvents,
      ),
      position: exposePosition(response, erasure.position),
    };
  }
}
