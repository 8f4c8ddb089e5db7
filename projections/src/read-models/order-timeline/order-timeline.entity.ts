import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

const asNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/** One human-readable line per order event, for the admins' history view. */
@Entity({ name: 'order_timeline' })
@Index(['occurredAt'])
export class OrderTimelineRow {
  @PrimaryColumn('uuid', { name: 'order_id' })
  orderId!: string;

  @PrimaryColumn('int')
  revision!: number;

  @Column('bigint', { transformer: asNumber })
  position!: number;

  @Column('text')
  type!: string;

  @Column('timestamptz', { name: 'occurred_at' })
  occurredAt!: Date;

  @Column('text', { name: 'actor_kind' })
  actorKind!: string;

  @Column('text', { name: 'actor_id' })
  actorId!: string;

  @Column('text')
  description!: string;

  /** The line once the order's contact is erased; null when it names nobody (the same either way). */
  @Column('text', { name: 'erased_description', nullable: true })
  erasedDescription!: string | null;
}
