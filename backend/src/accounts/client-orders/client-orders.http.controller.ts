import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { GetOrderQuery } from '../../orders/get-order/get-order.query.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { ClientOrder } from '../shared/client-order.guard.js';
import { ClientSessionGuard, CurrentClient } from '../shared/client-session.guard.js';
import { GetOrderTimelineQuery, type OrderTimelineEntry } from './get-order-timeline.query.js';
import { ListClientOrdersQuery } from './list-client-orders.query.js';

/** The client area's orders (spec §7.1): the signed-in client's, from the read models, newest first. */
@ApiTags('Client area')
@Controller('api/client/orders')
@UseGuards(ClientSessionGuard)
export class ClientOrdersHttpController {
  constructor(private readonly queries: QueryBus) {}

  @ApiAnswer(schema.array(schema.ref('Order')), 'Les commandes du client connecté, les plus récentes d’abord')
  @Get()
  @ReadsProjection('order-views')
  list(@CurrentClient() clientId: string): Promise<OrderView[]> {
    return this.queries.execute(new ListClientOrdersQuery(clientId));
  }

  /** Another client's order answers as an unknown one: 404. */
  @ApiAnswer(schema.ref('Order'))
  @Get(':orderId')
  @ClientOrder()
  @ReadsProjection('order-views')
  get(@Param() { orderId }: OrderIdParams): Promise<OrderView> {
    return this.queries.execute(new GetOrderQuery(orderId));
  }

  /** What happened to the order and when, oldest first: the project tab's timeline is made from it. */
  @ApiAnswer(
    schema.array(
      schema.object({
        type: schema.string('The event type, e.g. DepositPaid, BriefSubmitted, ReviewApproved, Delivered'),
        occurredAt: schema.dateTime(),
      }),
    ),
    "L'historique de la commande, du plus ancien au plus récent",
  )
  @Get(':orderId/timeline')
  @ClientOrder()
  @ReadsProjection('order-timeline')
  timeline(@Param() { orderId }: OrderIdParams): Promise<OrderTimelineEntry[]> {
    return this.queries.execute(new GetOrderTimelineQuery(orderId));
  }
}
