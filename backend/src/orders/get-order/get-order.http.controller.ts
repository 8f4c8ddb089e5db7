import { type OrderView } from '@coseso/domain/orders/order-view';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { OrderIdParams } from '../shared/order-id.js';
import { GetOrderQuery } from './get-order.query.js';

@Controller('api/orders')
export class GetOrderHttpController {
  constructor(private readonly queries: QueryBus) {}

  /** The wizard and the confirmation page read the order by its (secret) id. */
  @Get(':orderId')
  @ReadsProjection('order-views')
  get(@Param() { orderId }: OrderIdParams): Promise<OrderView> {
    return this.queries.execute(new GetOrderQuery(orderId));
  }
}
