import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { Controller, Get, Inject, Optional, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type Response } from 'express';
import { ApiError } from '../infra/http/api-errors.js';
import { ApiRefusal } from '../infra/http/api-schemas.js';
import { CLOCK } from '../infra/tokens.js';
import { contentDisposition } from './download-names.js';
import { DownloadFileParams, DownloadFileQueryDto } from './download-file.request.dto.js';
import { FILE_STORAGE, type FileStorage, servesFiles } from './file-storage.js';
import { DownloadLinkSigner } from './signed-links.js';

const linkRefused = () =>
  new ApiError(403, ErrorCode.FILE_LINK_INVALID, 'Ce lien de téléchargement est invalide ou a expiré.');

/**
 * Serves a file of the local folder to whoever holds a link the API signed, until it expires. The
 * link is the only way in: no session is needed (the browser opens it directly), none suffices.
 */
@ApiTags('Files')
@Controller('api/files')
export class DownloadFileHttpController {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly signer: DownloadLinkSigner,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  @ApiProduces('application/octet-stream')
  @ApiResponse({
    status: 200,
    description: 'Le fichier',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiRefusal(403, 'Lien de téléchargement invalide ou expiré (FILE.LINK_INVALID)')
  @Get('download/:key')
  async download(
    @Param() { key }: DownloadFileParams,
    @Query() query: DownloadFileQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    if (!this.signer.verify(key, query, this.clock.now().getTime())) throw linkRefused();
    const stream = servesFiles(this.storage) ? await this.storage.open(key) : null;
    if (!stream) throw new ApiError(404, ErrorCode.ORDER_FILE_NOT_FOUND, 'Fichier introuvable');
    response.set({
      'Content-Type': query.type,
      'Content-Disposition': contentDisposition(query.name),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
    return new StreamableFile(stream);
  }
}
