import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { type Request } from 'express';
import { type AppConfig } from '../../config/app-config.js';
import { MIN_POSITION_HEADER, requestedMinPosition } from '../../infra/http/event-position.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { validationFailed } from '../../infra/http/validation.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { ClientOwnsOrderQuery } from './client-owns-order.query.js';
import { ClientSessionGuard } from './client-session.guard.js';

const ORDER_VIEWS = 'order-views';

type ClientRequest = Request & { clientId?: string };

/**
 * Lets a signed-in client reach only its own orders: the route's `:orderId` must name an order of
 * the read model that belongs to the client. Another client's order answers 404, as an order that
 * does not exist would, so ids cannot be probed; a malformed id answers 400, as on every route.
 */
@Injectable()
export class ClientOrderGuard implements CanActivate {
  constructor(
    private readonly session: ClientSessionGuard,
    private readonly queries: QueryBus,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ClientRequest>();
    if (!request.clientId) await this.session.canActivate(context);
    const clientId = request.clientId!;
    // Guards run before the validation pipe: a malformed id gets the 400 the route's parameters would give.
    const params = plainToInstance(OrderIdParams, { orderId: request.params['orderId'] });
    const errors = await validate(params);
    if (errors.length > 0) throw validationFailed(errors);
    await this.assertOwns(request, clientId, params.orderId);
    return true;
  }

  /** For routes that name the order in their body: the same check, or the same 404. */
  async assertOwns(request: Request, clientId: string, orderId: string): Promise<void> {
    // Guards run before the read-your-writes interceptor: honour the client's position here too.
    const position = requestedMinPosition(request.headers[MIN_POSITION_HEADER]);
    if (position !== null)
      await this.waiter.waitFor(ORDER_VIEWS, position, this.config.READ_YOUR_WRITES_WAIT_MS);
    const owns = () => this.queries.execute(new ClientOwnsOrderQuery(clientId, orderId));
    if (await owns()) return;
    // Not in the read model: it may be a moment behind the log (an order linked to the client just now).
    if (
      (await this.waiter.waitForCatchUp(ORDER_VIEWS, this.config.READ_YOUR_WRITES_WAIT_MS)) &&
      (await owns())
    )
      return;
    throw orderNotFound();
  }
}

/** The route's order must be the signed-in client's own (404 otherwise). */
export const ClientOrder = () => applyDecorators(UseGuards(ClientOrderGuard));
