import { BRIEF_LIMITS } from '@coseso/domain/orders/decider/brief.decider';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { type Request, type Response } from 'express';
import multer from 'multer';
import { type Observable } from 'rxjs';
import { ApiError, invalidRequest } from '../../infra/http/api-errors.js';

/** The multipart fields files may come in: a batch with an image goes as `images`, else `documents` (spec §5). */
export const FILE_FIELDS = ['images', 'documents'] as const;

/** A whole request may not carry more than an order can hold, plus room for the form's other parts. */
const MAX_REQUEST_BYTES = BRIEF_LIMITS.maxTotalBytes + 1024 * 1024;

const parse = multer({
  storage: multer.memoryStorage(),
  // The name as sent, folders included: the handler refuses a name that is a path, rather than
  // letting it pass quietly shortened.
  preservePath: true,
  // Browsers send names in UTF-8 ("Brief été.pdf"); multer's default would read them as Latin-1.
  defParamCharset: 'utf8',
  limits: {
    fileSize: BRIEF_LIMITS.maxFileBytes,
    files: BRIEF_LIMITS.maxFiles,
    fields: 10,
    fieldSize: 1024,
    parts: BRIEF_LIMITS.maxFiles + 10,
  },
}).fields(FILE_FIELDS.map((name) => ({ name, maxCount: BRIEF_LIMITS.maxFiles })));

const tooLarge = () =>
  new ApiError(400, ErrorCode.ORDER_FILE_TOO_LARGE, 'Un fichier ne peut pas dépasser 10 Mo.', {
    files: 'Fichier trop volumineux (10 Mo maximum)',
  });

/** Multer's refusals, in the API's words. */
function refusal(error: unknown): ApiError {
  if (!(error instanceof multer.MulterError))
    return invalidRequest({ body: 'Envoi de fichiers illisible : veuillez réessayer.' });
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return tooLarge();
    case 'LIMIT_FILE_COUNT':
      return new ApiError(
        400,
        ErrorCode.ORDER_FILE_LIMIT,
        'Vous ne pouvez pas envoyer plus de 20 fichiers.',
        {
          files: 'Limite de 20 fichiers atteinte',
        },
      );
    case 'LIMIT_UNEXPECTED_FILE':
      return invalidRequest({
        [error.field ?? 'files']: 'Les fichiers vont dans le champ images ou documents',
      });
    default:
      return invalidRequest({ body: 'Envoi de fichiers invalide' });
  }
}

/**
 * Reads a multipart upload into memory, within the brief's limits (20 files, 10 MB each, and no
 * more in one request than an order may hold), before the handler runs; its form fields become the
 * body the route's DTO validates.
 */
@Injectable()
export class MultipartFilesInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    // Node never reads more body than a Content-Length announces, so the announced length bounds what
    // multer holds in memory. A body sent in chunks announces none and would be read whole (20 files
    // of 10 MB) before any total is checked: browsers always announce an upload's length, so refuse it.
    if (request.headers['content-length'] === undefined)
      throw new ApiError(
        411,
        ErrorCode.REQUEST_LENGTH_REQUIRED,
        "Envoi refusé : la taille de l'envoi doit être annoncée (en-tête Content-Length).",
      );
    const declared = Number(request.headers['content-length']);
    if (declared > MAX_REQUEST_BYTES)
      throw new ApiError(400, ErrorCode.ORDER_STORAGE_FULL, 'Un envoi ne peut pas dépasser 50 Mo.', {
        files: 'Envoi trop volumineux (50 Mo maximum)',
      });
    await new Promise<void>((resolve, reject) =>
      parse(request, http.getResponse<Response>(), (error: unknown) =>
        error ? reject(refusal(error)) : resolve(),
      ),
    );
    return next.handle();
  }
}

/** The files of the request, whichever of the two fields they came in. */
export function uploadedFiles(request: Request): Express.Multer.File[] {
  const files = (request.files ?? {}) as Record<string, Express.Multer.File[]>;
  return FILE_FIELDS.flatMap((field) => files[field] ?? []);
}
