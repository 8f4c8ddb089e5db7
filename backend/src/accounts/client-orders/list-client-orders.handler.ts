import { type OrderView, toOrderView } from '@coseso/domain/orders/order-view';
import { OrderDetailRow } from '@coseso/projections/read-models/order-views/order-detail.entity';
import { OrderSummaryRow } from '@coseso/projections/read-models/order-views/order-summary.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource, In } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';
import { ListClientOrdersQuery } from './list-client-orders.query.js';

const MAX_ORDERS = 200;

@QueryHandler(ListClientOrdersQuery)
export class ListClientOrdersHandler implements IQueryHandler<ListClientOrdersQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  async execute({ clientId }: ListClientOrdersQuery): Promise<OrderView[]> {
    const summaries = await this.readModels.getRepository(OrderSummaryRow).find({
      where: { clientId },
      select: { orderId: true },
      order: { createdAt: 'DESC' },
      take: MAX_ORDERS,
    });
    if (summaries.length === 0) return [];
    const details = await this.readModels.getRepository(OrderDetailRow).find({
      where: { orderId: In(summaries.map((s) => s.orderId)) },
      select: { orderId: true, state: true },
    });
    const byId = new Map(details.map((d) => [d.orderId, d.state]));
    return summaries.flatMap((s) => {
      const state = byId.get(s.orderId);
      return state ? [toOrderView(state)] : [];
    });
  }
}
