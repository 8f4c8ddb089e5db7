import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { AdminGuard } from '../auth/admin.guard.js';
import { ListOrdersQuery } from './list-orders.query.js';

const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });

/** `GET /api/orders`: the latest orders, for the back-office (the email-test page shows the first five). */
@Controller('api/orders')
@UseGuards(AdminGuard)
export class OrderListHttpController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ReadsProjection('order-views')
  list(@Query({ schema: listQuery }) query: z.output<typeof listQuery>) {
    return this.queries.execute(new ListOrdersQuery(query.limit));
  }
}
