import { OrderSummaryRow } from '@coseso/projections/read-models/order-views/order-summary.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';
import { ClientOwnsOrderQuery } from './client-owns-order.query.js';

@QueryHandler(ClientOwnsOrderQuery)
export class ClientOwnsOrderHandler implements IQueryHandler<ClientOwnsOrderQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  execute({ clientId, orderId }: ClientOwnsOrderQuery): Promise<boolean> {
    return this.readModels.getRepository(OrderSummaryRow).exists({ where: { orderId, clientId } });
  }
}
