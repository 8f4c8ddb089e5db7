import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../../auth/admin.guard.js';
import { invalidRequest } from '../../infra/http/api-errors.js';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { GetOrderHistoryQuery } from './get-order-history.query.js';
import { OrderHistoryQueryDto } from './order-history.request.dto.js';

const state = schema.object({}, []);
state.description = 'The whole order (OrderState), as the replay folds it';

/** `GET /api/admin/orders/:orderId/history`: every event of the order, and the order after each (admins and auditors). */
@ApiTags('Audit')
@ApiBearerAuth('back-office')
@Controller('api/admin/orders')
@UseGuards(AdminGuard)
export class OrderHistoryHttpController {
  constructor(private readonly queries: QueryBus) {}

  @ApiAnswer(
    schema.object({
      orderId: schema.string(),
      orderNumber: schema.integer(),
      events: schema.array(
        schema.object({
          revision: schema.integer(),
          position: schema.integer(),
          type: schema.string(),
          occurredAt: schema.dateTime(),
          recordedAt: schema.dateTime(),
          actor: schema.object({
            kind: schema.string(),
            id: schema.string(),
            name: schema.string(
              'Who, in French: an admin by email, the payment provider by name (« Stripe »), the others by role',
            ),
          }),
          description: schema.string('One French line'),
          data: schema.object({}),
          hash: schema.nullable(schema.string("The event's link in the stream's hash chain")),
          state,
          changes: schema.array(
            schema.object({
              path: schema.string('e.g. form.companyName'),
              label: schema.nullable(schema.string('Its French name, where it has one')),
              before: schema.object({}),
              after: schema.object({}),
            }),
            'What this event changed',
          ),
        }),
      ),
      at: schema.nullable(
        schema.object({
          at: schema.dateTime(),
          revision: schema.nullable(
            schema.integer('The last event at that time; null before the order existed'),
          ),
          state: schema.nullable(state),
        }),
      ),
    }),
    "L'historique de la commande",
  )
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
