import { Column, Entity, PrimaryColumn } from 'typeorm';

const asNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/**
 * The back-office's eight statistic cards (spec §9), kept as running sums by the order-views
 * projector: one row, id 'all', moved by each order's change of contribution.
 */
@Entity({ name: 'admin_statistics' })
export class AdminStatisticsRow {
  @PrimaryColumn('text')
  id!: string;

  @Column('int', { name: 'total_orders' })
  totalOrders!: number;

  @Column('int', { name: 'active_subscriptions' })
  activeSubscriptions!: number;

  @Column('int', { name: 'yearly_deposit_paid' })
  yearlyDepositPaid!: number;

  @Column('int')
  delivered!: number;

  @Column('int', { name: 'in_revision' })
  inRevision!: number;

  /** Cents, VAT included. */
  @Column('bigint', { name: 'yearly_revenue_cents', transformer: asNumber })
  yearlyRevenueCents!: number;

  /** Cents, VAT included. */
  @Column('bigint', { name: 'monthly_recurring_revenue_cents', transformer: asNumber })
  monthlyRecurringRevenueCents!: number;

  @Column('int', { name: 'awaiting_payment' })
  awaitingPayment!: number;
}
