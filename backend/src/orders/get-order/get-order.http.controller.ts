import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { OrderIdParams } from '../shared/order-id.js';
import { GetOrderQuery } from './get-order.query.js';

@ApiTags('Ordering')
@Controller('api/orders')
export class GetOrderHttpController {
  constructor(private readonly queries: QueryBus) {}

  /**
   * The wizard and the confirmation page read the order by its (secret) id. The id is in links,
   * emails and browser histories, so once the order is paid its personal fields are read only in
   * the client area.
   */
  @ApiAnswer(schema.ref('Order'))
  @Get(':orderId')
  @ReadsProjection('order-views')
  get(@Param() { orderId }: OrderIdParams): Promise<OrderView> {
    return this.queries.execute(new GetOrderQuery(orderId, true));
  }
}
