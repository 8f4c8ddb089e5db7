import { type OrderView } from '@coseso/domain/orders/order-view';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { orderIdSchema } from '../shared/order-id.js';
import { GetOrderQuery } from './get-order.query.js';

@Controller('api/orders')
export class GetOrderHttpController {
  constructor(private readonly queries: QueryBus) {}

  /** The wizard and the confirmation page read the order by its (secret) id. */
  @Get(':orderId')
  @ReadsProjection('order-views')
  get(@Param('orderId') orderId: string): Promise<OrderView> {
    // An id that is not a UUID names no order: the same answer as for an unknown one.
    if (!orderIdSchema.safeParse(orderId).success)
      throw new DomainError('ORDER.NOT_FOUND', 'Commande introuvable', 'not_found');
    return this.queries.execute(new GetOrderQuery(orderId));
  }
}
