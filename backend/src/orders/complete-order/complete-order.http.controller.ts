import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, position, schema } from '../../infra/http/api-schemas.js';
import { toOrderView } from '@coseso/domain/orders/order-view';
import { Body, Controller, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Request, type Response } from 'express';
import { exposePosition } from '../../infra/http/event-position.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { visitorContext } from '../../auth/client-context.js';
import { OrderIdParams } from '../shared/order-id.js';
import { CompleteOrderCommand } from './complete-order.command.js';
import { CompleteOrderRequestDto } from './complete-order.request.dto.js';

@ApiTags('Ordering')
@Controller('api/orders')
export class CompleteOrderHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** The wizard's last step: the order as the server validated and priced it. */
  @ApiAnswer(
    schema.object({ order: schema.ref('Order'), position }),
    'La commande validée et chiffrée par le serveur',
  )
  @Post(':orderId/complete')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('completeOrder')
  async complete(
    @Param() { orderId }: OrderIdParams,
    @Body() form: CompleteOrderRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { catalogueVersion, ...fields } = form;
    const outcome = await this.commands.execute(
      new CompleteOrderCommand(orderId, { ...fields }, visitorContext(request), catalogueVersion ?? null),
    );
    return { order: toOrderView(outcome.state), position: exposePosition(response, outcome.position) };
  }
}
