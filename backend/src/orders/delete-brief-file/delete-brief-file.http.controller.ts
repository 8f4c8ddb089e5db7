import { Body, Controller, Delete, HttpCode, Param, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { ClientOrderGuard } from '../../accounts/shared/client-order.guard.js';
import { ClientSessionGuard, CurrentClient } from '../../accounts/shared/client-session.guard.js';
import { ApiAnswer, position, schema } from '../../infra/http/api-schemas.js';
import { exposePosition } from '../../infra/http/event-position.js';
import { clientContext } from '../../auth/client-context.js';
import { DeleteBriefFileCommand } from './delete-brief-file.command.js';
import { DeleteBriefFileParams, DeleteBriefFileRequestDto } from './delete-brief-file.request.dto.js';

/** `DELETE /api/client/files/:filename` with `{ orderId }` (spec §7.1), while the brief is open. */
@ApiTags('Client area: brief')
@Controller('api/client/files')
@UseGuards(ClientSessionGuard)
export class DeleteBriefFileHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly access: ClientOrderGuard,
  ) {}

  @ApiAnswer(schema.object({ success: schema.boolean(), message: schema.string(), position }))
  @Delete(':filename')
  @HttpCode(200)
  async delete(
    @Param() { filename }: DeleteBriefFileParams,
    @Body() body: DeleteBriefFileRequestDto,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    await this.access.assertOwns(request, clientId, body.orderId);
    const outcome = await this.commands.execute(
      new DeleteBriefFileCommand(body.orderId, filename, clientContext(request, clientId)),
    );
    return {
      success: true,
      message: 'Fichier supprimé',
      position: exposePosition(response, outcome.position),
    };
  }
}
