import { Query } from '@nestjs/cqrs';

/** The eight cards of spec §9; amounts in whole euros as the cards show them, and in cents. */
export interface AdminStatisticsAnswer {
  totalOrders: number;
  activeSubscriptions: number;
  yearlyDepositPaid: number;
  delivered: number;
  inRevision: number;
  yearlyRevenue: number;
  yearlyRevenueCents: number;
  monthlyRecurringRevenue: number;
  monthlyRecurringRevenueCents: number;
  awaitingPayment: number;
}

export class GetAdminStatisticsQuery extends Query<AdminStatisticsAnswer> {}
