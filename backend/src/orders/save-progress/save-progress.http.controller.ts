import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, position, schema } from '../../infra/http/api-schemas.js';
import { Body, Controller, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Request, type Response } from 'express';
import { exposePosition } from '../../infra/http/event-position.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { visitorContext } from '../../auth/client-context.js';
import { OrderIdParams } from '../shared/order-id.js';
import { SaveProgressCommand } from './save-progress.command.js';
import { SaveProgressRequestDto, stepAndForm } from './save-progress.request.dto.js';

@ApiTags('Ordering')
@Controller('api/orders')
@UseGuards(RateLimitGuard)
export class SaveProgressHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** The wizard's autosave: records only what changed; nothing at all when nothing did. */
  @ApiAnswer(schema.object({ saved: schema.boolean('false when nothing changed'), position }))
  @Post(':orderId/progress')
  @HttpCode(200)
  @RateLimit('wizardSave')
  async save(
    @Param() { orderId }: OrderIdParams,
    @Body() body: SaveProgressRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new SaveProgressCommand(
        orderId,
        stepAndForm(body).currentStep,
        stepAndForm(body).form,
        visitorContext(request, { ip: false }),
      ),
    );
    return {
      saved: outcome.events.length > 0 || outcome.duplicate,
      position: exposePosition(response, outcome.position),
    };
  }

  /** An explicit save of the form (spec §7), same rules as the autosave. */
  @ApiAnswer(schema.object({ saved: schema.boolean(), position, message: schema.string() }))
  @Post(':orderId/form')
  @HttpCode(200)
  @RateLimit('wizardSave')
  async saveForm(
    @Param() { orderId }: OrderIdParams,
    @Body() body: SaveProgressRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new SaveProgressCommand(
        orderId,
        undefined,
        stepAndForm(body).form,
        visitorContext(request, { ip: false }),
      ),
    );
    return {
      saved: outcome.events.length > 0 || outcome.duplicate,
      position: exposePosition(response, outcome.position),
      message: 'Informations sauvegardées !',
    };
  }
}
