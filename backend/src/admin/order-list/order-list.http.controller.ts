import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { AdminGuard } from '../auth/admin.guard.js';
import { ListOrdersQuery } from './list-orders.query.js';
import { OrderListQueryDto } from './order-list.request.dto.js';

/** `GET /api/orders`: the latest orders, for the back-office (the email-test page shows the first five). */
@ApiTags('Back-office')
@Controller('api/orders')
@UseGuards(AdminGuard)
export class OrderListHttpController {
  constructor(private readonly queries: QueryBus) {}

  @ApiAnswer(
    schema.array(
      schema.object({
        id: schema.string(),
        orderNumber: schema.integer(),
        status: schema.string(),
        companyName: schema.nullable(schema.string()),
        companySector: schema.nullable(schema.string()),
        contactEmail: schema.nullable(schema.string()),
        selectedTemplate: schema.nullable(schema.string()),
        billingPeriod: schema.nullable(schema.string()),
        depositPaid: schema.boolean(),
        finalPaid: schema.boolean(),
        currentStep: schema.integer(),
        subscriptionStatus: schema.nullable(schema.string()),
        totalAmount: schema.nullable(schema.integer('Total excluding VAT (HT), in euro cents')),
        totalWithVat: schema.nullable(schema.integer('Total including VAT (TTC), in euro cents')),
        createdAt: schema.dateTime(),
        lastActiveAt: schema.dateTime(),
      }),
    ),
    'Les dernières commandes',
  )
  @Get()
  @ReadsProjection('order-views')
  list(@Query() query: OrderListQueryDto) {
    return this.queries.execute(new ListOrdersQuery(query.limit));
  }
}
