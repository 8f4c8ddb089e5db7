import { toAnonymousOrderView, toOrderView, type OrderView } from '@coseso/domain/orders/order-view';
import { OrderDetailRow } from '@coseso/projections/read-models/order-views/order-detail.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';
import { GetOrderQuery } from './get-order.query.js';
import { orderNotFound } from '../shared/order-errors.js';

/** Reads the order-detail read model: queries never fold streams. A reader without credentials gets the anonymous view. */
@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  async execute(query: GetOrderQuery): Promise<OrderView> {
    const row = await this.readModels
      .getRepository(OrderDetailRow)
      .findOne({ where: { orderId: query.orderId }, select: { state: true } });
    if (!row) throw orderNotFound();
    return query.anonymous ? toAnonymousOrderView(row.state) : toOrderView(row.state);
  }
}
