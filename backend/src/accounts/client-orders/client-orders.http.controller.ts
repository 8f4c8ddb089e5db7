import { type OrderView, toOrderView } from '@coseso/domain/orders/order-view';
import { OrderDetailRow } from '@coseso/projections/read-models/order-views/order-detail.entity';
import { OrderSummaryRow } from '@coseso/projections/read-models/order-views/order-summary.entity';
import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import { type DataSource, In } from 'typeorm';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { READ_MODELS } from '../../infra/tokens.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { ClientSessionGuard, CurrentClient } from '../shared/client-session.guard.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';

/** The client area's orders (spec §7.1): the signed-in client's, from the read models, newest first. */
@Controller('api/client/orders')
@UseGuards(ClientSessionGuard)
export class ClientOrdersHttpController {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  @Get()
  @ReadsProjection('order-views')
  async list(@CurrentClient() clientId: string): Promise<OrderView[]> {
    const summaries = await this.readModels.getRepository(OrderSummaryRow).find({
      where: { clientId },
      select: { orderId: true },
      order: { createdAt: 'DESC' },
      take: 200,
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

  /** Another client's order answers as an unknown one: 404. */
  @Get(':orderId')
  @ReadsProjection('order-views')
  async get(@Param() { orderId }: OrderIdParams, @CurrentClient() clientId: string): Promise<OrderView> {
    const row = await this.readModels
      .getRepository(OrderDetailRow)
      .findOne({ where: { orderId }, select: { state: true } });
    if (!row || row.state.clientId !== clientId) throw orderNotFound();
    return toOrderView(row.state);
  }
}
