import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Request, type Response } from 'express';
import { exposePosition } from '../../infra/http/event-position.js';
import { visitorContext } from '../../infra/http/request-context.js';
import { OrderIdParams } from '../shared/order-id.js';
import { SaveProgressCommand } from './save-progress.command.js';
import { SaveProgressRequestDto, stepAndForm } from './save-progress.request.dto.js';

@Controller('api/orders')
export class SaveProgressHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** The wizard's autosave: records only what changed; nothing at all when nothing did. */
  @Post(':orderId/progress')
  @HttpCode(200)
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
        visitorContext(request),
      ),
    );
    return {
      saved: outcome.events.length > 0 || outcome.duplicate,
      position: exposePosition(response, outcome.position),
    };
  }

  /** An explicit save of the form (spec §7), same rules as the autosave. */
  @Post(':orderId/form')
  @HttpCode(200)
  async saveForm(
    @Param() { orderId }: OrderIdParams,
    @Body() body: SaveProgressRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new SaveProgressCommand(orderId, undefined, stepAndForm(body).form, visitorContext(request)),
    );
    return {
      saved: outcome.events.length > 0 || outcome.duplicate,
      position: exposePosition(response, outcome.position),
      message: 'Informations sauvegardées !',
    };
  }
}
