import { type OrderView } from '@coseso/domain/orders/order-view';
import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { GetOrderQuery } from '../../orders/get-order/get-order.query.js';
import { ClientOrder } from '../shared/client-order.guard.js';
import { ClientSessionGuard, CurrentClient } from '../shared/client-session.guard.js';
import { ListClientOrdersQuery } from './list-client-orders.query.js';

/** The client area's orders (spec §7.1): the signed-in client's, from the read models, newest first. */
@Controller('api/client/orders')
@UseGuards(ClientSessionGuard)
export class ClientOrdersHttpController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ReadsProjection('order-views')
  list(@CurrentClient() clientId: string): Promise<OrderView[]> {
    return this.queries.execute(new ListClientOrdersQuery(clientId));
  }

  /** Another client's order answers as an unknown one: 404. */
  @Get(':orderId')
  @ClientOrder()
  @ReadsProjection('order-views')
  get(@Param('orderId') orderId: string): Promise<OrderView> {
    return this.queries.execute(new GetOrderQuery(orderId));
  }
}
