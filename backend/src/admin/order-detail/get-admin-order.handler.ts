import { type AdminOrderView, toAdminOrderView } from '@coseso/domain/orders/admin-order-view';
import { OrderDetailRow } from '@coseso/projections/read-models/order-views/order-detail.entity';
import { type Clock, nowIso, systemClock } from '@coseso/domain/shared/clock';
import { Inject, Optional } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { CLOCK, READ_MODELS } from '../../infra/tokens.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';
import { GetAdminOrderQuery } from './get-admin-order.query.js';

@QueryHandler(GetAdminOrderQuery)
export class GetAdminOrderHandler implements IQueryHandler<GetAdminOrderQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: DataSource,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  async execute({ orderId }: GetAdminOrderQuery): Promise<AdminOrderView> {
    const row = await this.readModels
      .getRepository(OrderDetailRow)
      .findOne({ where: { orderId }, select: { state: true } });
    if (!row) throw orderNotFound();
    // Whether a payment link is still open is read at the app's now (its Clock).
    return toAdminOrderView(row.state, nowIso(this.clock));
  }
}
