import { type BriefRoom, briefRoom } from '@coseso/domain/orders/brief-room';
import { OrderDetailRow } from '@coseso/projections/read-models/order-views/order-detail.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';
import { BriefRoomQuery } from './brief-room.query.js';

@QueryHandler(BriefRoomQuery)
export class BriefRoomHandler implements IQueryHandler<BriefRoomQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  async execute({ orderId }: BriefRoomQuery): Promise<BriefRoom | null> {
    const row = await this.readModels
      .getRepository(OrderDetailRow)
      .findOne({ where: { orderId }, select: { state: true } });
    return row ? briefRoom(row.state.brief.files) : null;
  }
}
