import { type AdminOrderQueue, type AdminOrderSort } from '@coseso/domain/orders/admin-order-sort';
import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { AdminGuard } from '../../auth/admin.guard.js';
import { AdminOrderListQueryDto } from './admin-order-list.request.dto.js';
import { CountOrderViewsQuery, ListOrdersQuery } from './list-orders.query.js';
import { orderListItemSchema } from './order-list.http.controller.js';

/** `GET /api/admin/orders`: the back-office list (admins and auditors). */
@ApiTags('Back-office')
@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdminOrderListHttpController {
  constructor(private readonly queries: QueryBus) {}

  @ApiAnswer(
    schema.object({
      orders: schema.array(orderListItemSchema),
      total: schema.integer('How many orders match, over every page'),
      page: schema.integer(),
      pageSize: schema.integer(),
      pageCount: schema.integer(),
    }),
    'Une page de commandes dans l’ordre demandé (par défaut les plus récemment actives d’abord), et le nombre de commandes correspondantes',
  )
  @Get('orders')
  @ReadsProjection('order-views')
  list(@Query() query: AdminOrderListQueryDto) {
    return this.queries.execute(
      new ListOrdersQuery({
        ...(query.search ? { search: query.search } : {}),
        ...(query.status && query.status !== 'all' ? { status: query.status as OrderStatus } : {}),
        ...(query.template && query.template !== 'all' ? { template: query.template } : {}),
        ...(query.catalogueVersion ? { catalogueVersion: query.catalogueVersion } : {}),
        ...(query.queue ? { queue: query.queue as AdminOrderQueue } : {}),
        drafts: query.drafts === 'true',
        ...(query.sort ? { sort: query.sort as AdminOrderSort } : {}),
        page: query.page,
        pageSize: query.pageSize,
      }),
    );
  }

  @ApiAnswer(
    schema.object({
      team: schema.integer('« À traiter »: orders whose next move is the team’s'),
      client: schema.integer('« En attente du client »: orders whose next move is the client’s'),
      payment_failed: schema.integer('« Paiements en échec »: orders whose awaited payment failed'),
      cancelled: schema.integer('« Annulées »'),
    }),
    'Le nombre de commandes de chaque vue enregistrée (les brouillons vides exclus)',
  )
  @Get('order-views')
  @ReadsProjection('order-views')
  views() {
    return this.queries.execute(new CountOrderViewsQuery());
  }
}
