import { ErrorCode, httpErrorCode } from '@coseso/domain/shared/error-codes';
import { isDomainError, type DomainErrorKind } from '@coseso/domain/shared/domain-error';
import { isWrongExpectedRevision } from '@coseso/event-store/event-store';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { type Response } from 'express';
import { ApiError, type ApiErrorBody } from './api-errors.js';
import { isServiceUnavailable } from './service-unavailable.js';
import { exposePosition } from './event-position.js';
import { refusalPosition } from './refusal-position.js';

const statusOf: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
};

/** How long a client is told to wait before sending again while PostgreSQL or Redis is away (Retry-After). */
const RETRY_AFTER_SECONDS = 5;

const httpMessages: Record<number, string> = {
  400: 'Requête invalide',
  401: 'Non autorisé',
  403: 'Accès refusé',
  404: 'Ressource introuvable',
  405: 'Méthode non autorisée',
  413: 'Requête trop volumineuse',
  415: 'Format de requête non pris en charge',
  429: 'Trop de requêtes, veuillez patienter un instant',
};

/**
 * Maps every error to `{ message, code }` in French, once: domain refusals to their 4xx, bad input to
 * 400, an unreachable PostgreSQL or Redis to 503 (with Retry-After), and anything unexpected to a logged 500
 * that reveals nothing.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const [status, body] = this.toResponse(error);
    if (status === 503) this.logger.warn({ msg: 'PostgreSQL or Redis is unreachable', err: String(error) });
    else if (status >= 500) this.logger.error(error);
    if (response.headersSent) return;
    // A refusal names the order it refused on, so the caller's next reads are not older than it.
    exposePosition(response, refusalPosition(error));
    if (status === 503) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    response.status(status).json(body);
  }

  private toResponse(error: unknown): [number, ApiErrorBody] {
    if (isDomainError(error)) {
      return [
        statusOf[error.kind],
        {
          message: error.message,
          code: error.code,
          ...(error.fields ? { fields: { ...error.fields } } : {}),
        },
      ];
    }
    if (error instanceof ApiError) {
      return [
        error.status,
        { message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) },
      ];
    }
    if (isWrongExpectedRevision(error)) {
      return [
        409,
        {
          message: 'La commande vient d’être modifiée par une autre action. Veuillez réessayer.',
          code: ErrorCode.ORDER_CONCURRENT_UPDATE,
        },
      ];
    }
    // Body-parser errors arrive wrapped by the Express adapter; their `type` says what went wrong.
    const parserError = ((error instanceof HttpException ? error.cause : undefined) ?? error) as {
      type?: string;
    };
    if (parserError.type === 'entity.parse.failed')
      return [400, { message: 'Requête invalide : JSON mal formé', code: ErrorCode.REQUEST_MALFORMED_JSON }];
    if (parserError.type === 'entity.too.large')
      return [413, { message: httpMessages[413]!, code: ErrorCode.REQUEST_TOO_LARGE }];
    if (error instanceof HttpException) {
      const status = error.getStatus();
      if (status < 500)
        return [status, { message: httpMessages[status] ?? 'Requête invalide', code: httpErrorCode(status) }];
    }
    // PostgreSQL or Redis down, restarting or out of connections: the same request will pass in a moment.
    if (isServiceUnavailable(error))
      return [
        503,
        {
          message: 'Service momentanément indisponible, réessayez dans un instant.',
          code: ErrorCode.SERVICE_UNAVAILABLE,
        },
      ];
    return [
      500,
      { message: 'Une erreur interne est survenue. Veuillez réessayer.', code: ErrorCode.INTERNAL },
    ];
  }
}
