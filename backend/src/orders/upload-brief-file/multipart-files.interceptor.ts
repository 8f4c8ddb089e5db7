import { upFrontRefusal } from '@coseso/domain/orders/brief-room';
import { BRIEF_LIMITS } from '@coseso/domain/orders/decider/brief.decider';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { type Request, type Response } from 'express';
import multer from 'multer';
import { type Observable } from 'rxjs';
import { ClientOrderGuard } from '../../accounts/shared/client-order.guard.js';
import { ApiError, invalidRequest } from '../../infra/http/api-errors.js';
import { validationFailed } from '../../infra/http/validation.js';
import { orderNotFound } from '../shared/order-errors.js';
import { OrderIdParams } from '../shared/order-id.js';
import { BriefRoomQuery } from './brief-room.query.js';

/** The multipart fields files may come in: a batch with an image goes as `images`, else `documents` (spec §5). */
export const FILE_FIELDS = ['images', 'documents'] as const;

/** A whole request may not carry more than an order can hold, plus room for the form's other parts. */
const MAX_REQUEST_BYTES = BRIEF_LIMITS.maxTotalBytes + 1024 * 1024;

/** Multer with `fileFilter`, called as each file starts, before any of its bytes is read. */
const parser = (fileFilter: multer.Options['fileFilter']) =>
  multer({
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
    fileFilter,
  }).fields(FILE_FIELDS.map((name) => ({ name, maxCount: BRIEF_LIMITS.maxFiles })));

const tooLarge = () =>
  new ApiError(400, ErrorCode.ORDER_FILE_TOO_LARGE, 'Un fichier ne peut pas dépasser 10 Mo.', {
    files: 'Fichier trop volumineux (10 Mo maximum)',
  });

/** Multer's refusals, in the API's words (ours pass as they are). */
function refusal(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
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

const filesFirst = () => invalidRequest({ orderId: 'Indiquez la commande (orderId) avant les fichiers' });

/**
 * Reads a multipart upload as it streams in, within the brief's limits (20 files, 10 MB each, and
 * no more in one request than an order may hold); its form fields become the body the route's DTO
 * validates. The form names the order before its files (as the SPA sends it): when the first file
 * starts, before a byte of it is read, the order must be the signed-in client's (404 otherwise) and
 * have room for what the body announces (its 20 files not all there, its storage left not smaller
 * than the body). A refusal is answered at once; the rest of the body is drained, neither held nor
 * waited for. The files accepted are held in memory for the handler, which checks their content
 * before storing them.
 */
@Injectable()
export class MultipartFilesInterceptor implements NestInterceptor {
  constructor(
    private readonly access: ClientOrderGuard,
    private readonly queries: QueryBus,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request & { clientId?: string }>();
    const response = http.getResponse<Response>();
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
    let checked: Promise<void> | undefined;
    await new Promise<void>((resolve, reject) => {
      // Answered at once: what is left of the body is drained by multer, never held.
      const refuse = (error: unknown) => reject(error);
      const parse = parser((req, _file, accept) => {
        checked ??= this.assertRoom(request, declared);
        checked.then(
          () => accept(null, true),
          (error: unknown) => {
            refuse(error);
            accept(error as Error);
          },
        );
      });
      parse(request, response, (error: unknown) => (error ? refuse(refusal(error)) : resolve()));
    });
    return next.handle();
  }

  /** The order the form named before its first file: the client's own, with room for the body. */
  private async assertRoom(request: Request & { clientId?: string }, declared: number): Promise<void> {
    const fields = request.body as Record<string, unknown> | undefined;
    if (typeof fields?.['orderId'] !== 'string') throw filesFirst();
    const params = plainToInstance(OrderIdParams, { orderId: fields['orderId'] });
    const errors = await validate(params);
    if (errors.length > 0) throw validationFailed(errors);
    await this.access.assertOwns(request, request.clientId!, params.orderId);
    const room = await this.queries.execute(new BriefRoomQuery(params.orderId));
    if (!room) throw orderNotFound();
    switch (upFrontRefusal(room, declared)) {
      case 'files-full':
        throw new ApiError(400, ErrorCode.ORDER_FILE_LIMIT, 'Vous avez atteint la limite de 20 fichiers.', {
          files: 'Limite de 20 fichiers atteinte',
        });
      case 'storage-full':
        throw new ApiError(
          400,
          ErrorCode.ORDER_STORAGE_FULL,
          `Cet envoi dépasse l'espace de stockage restant (${(room.bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} Mo sur 50 Mo).`,
          { files: 'Espace de stockage insuffisant (50 Mo)' },
        );
      case null:
        return;
    }
  }
}

/** The files of the request, whichever of the two fields they came in. */
export function uploadedFiles(request: Request): Express.Multer.File[] {
  const files = (request.files ?? {}) as Record<string, Express.Multer.File[]>;
  return FILE_FIELDS.flatMap((field) => files[field] ?? []);
}
