import { briefFileCategories } from '@coseso/event-schemas/order/order-keys';
import { Body, Controller, HttpCode, Post, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { ClientOrderGuard } from '../../accounts/shared/client-order.guard.js';
import { ClientSessionGuard, CurrentClient } from '../../accounts/shared/client-session.guard.js';
import { invalidRequest } from '../../infra/http/api-errors.js';
import { type AnswerOf, ApiAnswer, position, schema } from '../../infra/http/api-schemas.js';
import { exposePosition } from '../../infra/http/event-position.js';
import { ReadsBody } from '../../infra/http/request-body-type.js';
import { clientContext } from '../../auth/client-context.js';
import { MultipartFilesInterceptor, uploadedFiles } from './multipart-files.interceptor.js';
import { UploadBriefFilesCommand } from './upload-brief-files.command.js';
import {
  UploadBriefFilesMultipartDoc,
  UploadBriefFilesRequestDto,
} from './upload-brief-files.request.dto.js';

/** What the upload answers: the files stored, under the names the delete route takes. */
const uploadedBriefFilesSchema = schema.object({
  success: schema.boolean(),
  message: schema.string(),
  files: schema.array(
    schema.object({
      filename: schema.string('The name it is stored under (to delete it)'),
      originalName: schema.string('The name it was sent with, made safe for display'),
      size: schema.integer('Bytes'),
      type: schema.oneOf(['image', 'document']),
      category: schema.oneOf(briefFileCategories),
    }),
  ),
  position,
});

/**
 * `POST /api/client/upload` (spec §7.1): the client's brief files, as multipart. Every file's
 * content is checked, the order's limits hold (20 files, 10 MB each, 50 MB in all), and a batch is
 * kept whole or not at all.
 */
@ApiTags('Client area: brief')
@Controller('api/client')
@UseGuards(ClientSessionGuard)
export class UploadBriefFilesHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly access: ClientOrderGuard,
  ) {}

  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadBriefFilesMultipartDoc })
  @ApiAnswer(uploadedBriefFilesSchema)
  @ApiResponse({
    status: 404,
    description: 'La commande nommée dans le formulaire est introuvable (ou celle d’un autre client)',
    schema: schema.ref('ApiError'),
  })
  @ApiResponse({
    status: 409,
    description: 'Refusé par la commande dans son état actuel (brief clos), ou modifiée en même temps',
    schema: schema.ref('ApiError'),
  })
  @ApiResponse({
    status: 411,
    description: 'Envoi sans Content-Length (en morceaux) : refusé avant d’être lu',
    schema: schema.ref('ApiError'),
  })
  @Post('upload')
  @ReadsBody('multipart')
  @HttpCode(200)
  @UseInterceptors(MultipartFilesInterceptor)
  async upload(
    @Body() body: UploadBriefFilesRequestDto,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AnswerOf<typeof uploadedBriefFilesSchema>> {
    // The order is named in the form, not the path: the guard's check, once the form is read.
    await this.access.assertOwns(request, clientId, body.orderId);
    const files = uploadedFiles(request);
    if (files.length === 0) throw invalidRequest({ files: 'Ajoutez au moins un fichier' });
    const outcome = await this.commands.execute(
      new UploadBriefFilesCommand(
        body.orderId,
        body.category,
        files.map((file) => ({ originalName: file.originalname, bytes: file.buffer })),
        clientContext(request, clientId),
      ),
    );
    const uploaded = outcome.events.flatMap((event) =>
      event.type === 'BriefFileUploaded' ? [event.data] : [],
    );
    return {
      success: true,
      message: uploaded.length > 1 ? `${uploaded.length} fichiers envoyés` : 'Fichier envoyé',
      files: uploaded.map((file) => ({
        filename: file.storedName,
        originalName: file.originalName,
        size: file.size,
        type: file.kind,
        category: file.category,
      })),
      position: exposePosition(response, outcome.position),
    };
  }
}
