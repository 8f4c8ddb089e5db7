import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, position, schema } from '../../infra/http/api-schemas.js';
import { pricingPageChoice } from '@coseso/domain/pricing/pricing-plans';
import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Request, type Response } from 'express';
import { exposePosition } from '../../infra/http/event-position.js';
import { visitorContext } from '../../auth/client-context.js';
import { CreateOrderCommand } from './create-order.command.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import {
  CreateOrderRequestDto,
  LegacyCreateOrderRequestDto,
  landingForm,
  legacyForm,
  pricingSelectionOf,
} from './create-order.request.dto.js';

@ApiTags('Ordering')
@Controller('api')
@UseGuards(RateLimitGuard)
export class CreateOrderHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** Starts an empty order from the landing page, or from the pricing page with its chosen plan (spec §7). */
  @ApiAnswer(
    schema.object({ orderId: schema.string('The new order’s id', { format: 'uuid' }), position }),
    'Commande créée',
    201,
  )
  @Post('create-order')
  @HttpCode(201)
  @RateLimit('createOrder')
  async create(
    @Body() body: CreateOrderRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const context = visitorContext(request);
    let command: CreateOrderCommand;
    const selection = pricingSelectionOf(body);
    if (selection) {
      // The offer chosen is the wizard's starting point: its template on its rhythm.
      const { template, billingPeriod } = pricingPageChoice(selection);
      command = new CreateOrderCommand(
        'pricing',
        { selectedTemplate: template, billingPeriod },
        selection,
        context,
      );
    } else {
      command = new CreateOrderCommand('landing', landingForm(body), undefined, context);
    }
    const { orderId, position } = await this.commands.execute(command);
    return { orderId, position: exposePosition(response, position) };
  }

  /** The older landing page's creation call (spec §7): answers the order itself. */
  @ApiAnswer(schema.object({ order: schema.ref('Order'), position }), 'Commande créée', 201)
  @Post('orders')
  @HttpCode(201)
  @RateLimit('createOrder')
  async createLegacy(
    @Body() body: LegacyCreateOrderRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const form = legacyForm(body);
    const { order, position } = await this.commands.execute(
      new CreateOrderCommand('legacy', form, undefined, visitorContext(request)),
    );
    return { order, position: exposePosition(response, position) };
  }
}
