import { type OrderState } from '@coseso/domain/orders/order-state';
import { OrderDetailRow } from '@coseso/projections/read-models/order-views/order-detail.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';
import { GetOrderStateQuery } from './get-order-state.query.js';

@QueryHandler(GetOrderStateQuery)
export class GetOrderStateHandler implements IQueryHandler<GetOrderStateQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  async execute({ orderId }: GetOrderStateQuery): Promise<OrderState | null> {
    const row = await this.readModels
      .getRepository(OrderDetailRow)
      .findOne({ where: { orderId }, select: { state: true } });
    return row?.state ?? null;
  }
}
