import { CONVERSATION_LIMITS } from '@coseso/domain/orders/decider/conversation.decider';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { type Request, type Response } from 'express';
import multer from 'multer';
import { type Observable } from 'rxjs';
import { ApiError, invalidRequest } from '../../infra/http/api-errors.js';

/** The multipart field a message's files come in. */
export const MESSAGE_FILES_FIELD = 'files';

const { maxAttachments, maxAttachmentBytes } = CONVERSATION_LIMITS;
const MAX_REQUEST_BYTES = maxAttachments * maxAttachmentBytes + 1024 * 1024;
const MB = `${maxAttachmentBytes / (1024 * 1024)} Mo`;

const parse = multer({
  storage: multer.memoryStorage(),
  // The name as sent, folders included: the file check refuses a name that is a path.
  preservePath: true,
  defParamCharset: 'utf8',
  limits: {
    fileSize: maxAttachmentBytes,
    files: maxAttachments,
    fields: 5,
    fieldSize: 32 * 1024,
    parts: maxAttachments + 5,
  },
}).array(MESSAGE_FILES_FIELD, maxAttachments);

function refusal(error: unknown): ApiError {
  if (!(error instanceof multer.MulterError))
    return invalidRequest({ body: 'Envoi de fichiers illisible : veuillez réessayer.' });
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return new ApiError(400, ErrorCode.ORDER_FILE_TOO_LARGE, `Un fichier ne peut pas dépasser ${MB}.`, {
        files: `Fichier trop volumineux (${MB} maximum)`,
      });
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_UNEXPECTED_FILE':
      return error.field && error.field !== MESSAGE_FILES_FIELD
        ? invalidRequest({ [error.field]: 'Les fichiers vont dans le champ files' })
        : new ApiError(
            400,
            ErrorCode.ORDER_FILE_LIMIT,
            `Joignez au plus ${maxAttachments} fichiers par message.`,
            {
              files: `${maxAttachments} fichiers au plus`,
            },
          );
    default:
      return invalidRequest({ body: 'Envoi de fichiers invalide' });
  }
}

/**
 * Reads a message sent as multipart (its text, and up to 5 files of 10 Mo in `files`), once the
 * route's guards have let the caller reach the order. Like the brief's uploads, a body that does not
 * announce its length, or announces more than a message may carry, is refused before it is read.
 */
@Injectable()
export class MessageFilesInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (request.headers['content-length'] === undefined)
      throw new ApiError(
        411,
        ErrorCode.REQUEST_LENGTH_REQUIRED,
        "Envoi refusé : la taille de l'envoi doit être annoncée (en-tête Content-Length).",
      );
    if (Number(request.headers['content-length']) > MAX_REQUEST_BYTES)
      throw new ApiError(
        400,
        ErrorCode.ORDER_FILE_TOO_LARGE,
        `Un message ne peut pas dépasser ${maxAttachments} fichiers de ${MB}.`,
        {
          files: 'Envoi trop volumineux',
        },
      );
    await new Promise<void>((resolve, reject) =>
      parse(request, http.getResponse<Response>(), (error: unknown) =>
        error ? reject(refusal(error)) : resolve(),
      ),
    );
    return next.handle();
  }
}

/** The files of the request, as the handler takes them. */
export const messageFiles = (request: Request) =>
  ((request.files ?? []) as Express.Multer.File[]).map((file) => ({
    originalName: file.originalname,
    bytes: file.buffer,
  }));
