import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../../auth/admin.guard.js';
import { invalidRequest } from '../../infra/http/api-errors.js';
import { ApiAnswer } from '../../infra/http/api-schemas.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { GetOrderHistoryQuery } from './get-order-history.query.js';
import { OrderHistoryQueryDto } from './order-history.request.dto.js';
import { orderHistorySchema } from './order-history.schema.js';

/** `GET /api/admin/orders/:orderId/history`: every event of the order, and the order after each (admins and auditors). */
@ApiTags('Audit')
@ApiBearerAuth('back-office')
@Controller('api/admin/orders')
@UseGuards(AdminGuard)
export class OrderHistoryHttpController {
  constructor(private readonly queries: QueryBus) {}

  @ApiAnswer(orderHistorySchema, "L'historique de la commande")
  @Get(':orderId/history')
  history(@Param() { orderId }: OrderIdParams, @Query() query: OrderHistoryQueryDto) {
    let at: Date | null = null;
    if (query.at !== undefined) {
      at = new Date(query.at);
      if (Number.isNaN(at.getTime())) throw invalidRequest({ at: "Cette date n'existe pas" });
    }
    return this.queries.execute(new GetOrderHistoryQuery(orderId, at));
  }
}
