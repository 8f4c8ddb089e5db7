import { type BriefRoom } from '@coseso/domain/orders/brief-room';
import { Query } from '@nestjs/cqrs';

/** The room the order's brief has left (files, bytes), from the read model; null for an unknown order. */
export class BriefRoomQuery extends Query<BriefRoom | null> {
  constructor(readonly orderId: string) {
    super();
  }
}
