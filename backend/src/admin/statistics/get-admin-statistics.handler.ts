import { noStatistics } from '@coseso/domain/orders/admin-statistics';
import { AdminStatisticsRow } from '@coseso/projections/read-models/order-views/admin-statistics.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';
import { type AdminStatisticsAnswer, GetAdminStatisticsQuery } from './get-admin-statistics.query.js';

/** One row kept up to date by the order-views projector: no scan of the orders per request. */
@QueryHandler(GetAdminStatisticsQuery)
export class GetAdminStatisticsHandler implements IQueryHandler<GetAdminStatisticsQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  async execute(): Promise<AdminStatisticsAnswer> {
    const row =
      (await this.readModels.getRepository(AdminStatisticsRow).findOne({ where: { id: 'all' } })) ??
      noStatistics();
    return {
      totalOrders: row.totalOrders,
      activeSubscriptions: row.activeSubscriptions,
      yearlyDepositPaid: row.yearlyDepositPaid,
      delivered: row.delivered,
      inRevision: row.inRevision,
      yearlyRevenue: Math.round(row.yearlyRevenueCents / 100),
      yearlyRevenueCents: row.yearlyRevenueCents,
      monthlyRecurringRevenue: Math.round(row.monthlyRecurringRevenueCents / 100),
      monthlyRecurringRevenueCents: row.monthlyRecurringRevenueCents,
      awaitingPayment: row.awaitingPayment,
    };
  }
}
