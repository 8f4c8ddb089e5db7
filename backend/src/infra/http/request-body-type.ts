import { ErrorCode } from '@coseso/domain/shared/error-codes';
import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  type Type,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request } from 'express';
import { ApiError } from './api-errors.js';

const BODY_TYPE = 'request-body-type';

/** The media types of a body a route reads: JSON unless it says otherwise. */
export type BodyType = 'json' | 'multipart' | 'provider';

const accepted: Record<Exclude<BodyType, 'provider'>, string[]> = {
  json: ['application/json', 'application/*+json'],
  multipart: ['multipart/form-data'],
};

const refusals: Record<Exclude<BodyType, 'provider'>, string> = {
  json: 'Format de requête non pris en charge : le corps doit être du JSON (Content-Type: application/json).',
  multipart: 'Format de requête non pris en charge : les fichiers s’envoient en multipart/form-data.',
};

/**
 * A route whose body is not JSON: `multipart` (file uploads), or `provider` (a payment provider's
 * webhook, whose body is checked as raw bytes against its signature, whatever its type).
 */
export const ReadsBody = (type: Exclude<BodyType, 'json'>) => SetMetadata(BODY_TYPE, type);

type Target = ReturnType<ExecutionContext['getHandler']>;

/** Bytes announced, or sent in chunks (an empty POST often says `Content-Length: 0`). */
const hasBody = (request: Request) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/** The body type a route declares, read from its handler (the API document and the tests use it). */
export const routeBodyType = (controller: Type, handlerName: string): BodyType =>
  ((Reflect.getMetadata(BODY_TYPE, (controller.prototype as Record<string, Target>)[handlerName]!) ??
    Reflect.getMetadata(BODY_TYPE, controller)) as BodyType | undefined) ?? 'json';

export const bodyTypeOf = (reflector: Reflector, handler: Target, controller: Target): BodyType =>
  reflector.getAllAndOverride<BodyType | undefined>(BODY_TYPE, [handler, controller]) ?? 'json';

/**
 * A write whose body is not of the route's type is answered 415 in French, on every route (a global
 * interceptor, so a route added later is covered): without it, a `text/plain` or `application/xml`
 * body reached a JSON route as an empty object and was answered as if nothing had been asked, and an
 * `application/x-www-form-urlencoded` one was read as fields. A request without a body is judged by
 * the route's own rules. An interceptor, not a guard: who may call (sign-in, the auditor's read-only
 * rule, rate limits) is judged first, and the body's type before a route's own interceptor (the
 * upload's) reads it.
 */
@Injectable()
export class RequestBodyTypeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler) {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<Request>();
      const type = bodyTypeOf(this.reflector, context.getHandler(), context.getClass());
      if (type !== 'provider' && hasBody(request) && !request.is(accepted[type]))
        throw new ApiError(415, ErrorCode.REQUEST_UNSUPPORTED_MEDIA_TYPE, refusals[type]);
    }
    return next.handle();
  }
}
