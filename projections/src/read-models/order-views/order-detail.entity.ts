import { type OrderState } from '@coseso/domain/orders/order-state';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The whole folded state of one order (client area, admin panel, wizard). */
@Entity({ name: 'order_detail' })
export class OrderDetailRow {
  @PrimaryColumn('uuid', { name: 'order_id' })
  orderId!: string;

  @Column('int', { name: 'order_number' })
  orderNumber!: number;

  @Column('text')
  status!: string;

  /** `json`: written and read whole, never searched inside (migration 1796100000000). */
  @Column('json')
  state!: OrderState;

  /** Last stream revision applied: an event at or below it is ignored (replays change nothing). */
  @Column('int')
  revision!: number;
}
