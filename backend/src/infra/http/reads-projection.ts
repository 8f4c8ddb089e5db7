import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request, type Response } from 'express';
import { type Observable, from, switchMap } from 'rxjs';
import { type AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../tokens.js';
import { MIN_POSITION_HEADER, requestedMinPosition } from './event-position.js';

const READS_PROJECTION = 'coseso:reads-projection';

/** Marks a query endpoint with the projector whose read model it serves, so it honours X-Min-Position. */
export const ReadsProjection = (projector: string) => SetMetadata(READS_PROJECTION, projector);

/**
 * Read-your-writes: a read that names a position waits (READ_YOUR_WRITES_WAIT_MS, 2 s by default)
 * until the read model has applied it. Past that it answers anyway, flagged with X-Projection-Behind.
 */
@Injectable()
export class MinPositionInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const projector = this.reflector.get<string | undefined>(READS_PROJECTION, context.getHandler());
    const request = context.switchToHttp().getRequest<Request>();
    const position = projector ? requestedMinPosition(request.headers[MIN_POSITION_HEADER]) : null;
    if (!projector || position === null) return next.handle();
    return from(this.waiter.waitFor(projector, position, this.config.READ_YOUR_WRITES_WAIT_MS)).pipe(
      switchMap((reached) => {
        if (!reached) context.switchToHttp().getResponse<Response>().setHeader('X-Projection-Behind', 'true');
        return next.handle();
      }),
    );
  }
}
