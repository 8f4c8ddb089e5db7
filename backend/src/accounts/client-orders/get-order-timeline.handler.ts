import { OrderTimelineRow } from '@coseso/projections/read-models/order-timeline/order-timeline.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';
import { GetOrderTimelineQuery, type OrderTimelineEntry } from './get-order-timeline.query.js';

@QueryHandler(GetOrderTimelineQuery)
export class GetOrderTimelineHandler implements IQueryHandler<GetOrderTimelineQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  async execute({ orderId }: GetOrderTimelineQuery): Promise<OrderTimelineEntry[]> {
    const rows = await this.readModels.getRepository(OrderTimelineRow).find({
      where: { orderId },
      select: { type: true, occurredAt: true, revision: true },
      order: { revision: 'ASC' },
    });
    return rows.map((row) => ({ type: row.type, occurredAt: row.occurredAt.toISOString() }));
  }
}
