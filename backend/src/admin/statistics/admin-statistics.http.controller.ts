import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { AdminGuard } from '../../auth/admin.guard.js';
import { type AdminStatisticsAnswer, GetAdminStatisticsQuery } from './get-admin-statistics.query.js';

/** `GET /api/admin/statistics`: the eight cards of spec §9, drafts nobody filled in left out. */
@ApiTags('Back-office')
@Controller('api/admin/statistics')
@UseGuards(AdminGuard)
export class AdminStatisticsHttpController {
  constructor(private readonly queries: QueryBus) {}

  @ApiAnswer(
    schema.object({
      totalOrders: schema.integer('Every order but the drafts nobody filled in'),
      activeSubscriptions: schema.integer('Monthly orders whose subscription is active'),
      yearlyDepositPaid: schema.integer('Yearly orders with the deposit paid, not cancelled'),
      delivered: schema.integer(),
      inRevision: schema.integer('en_revision or revision_changes_requested'),
      yearlyRevenue: schema.integer(
        'Deposit plus balance, VAT included, of the yearly orders with the balance paid, in whole euros',
      ),
      yearlyRevenueCents: schema.integer('The same, in cents'),
      monthlyRecurringRevenue: schema.integer(
        'What the active subscriptions charge each month, VAT included, in whole euros',
      ),
      monthlyRecurringRevenueCents: schema.integer('The same, in cents'),
      awaitingPayment: schema.integer(
        'Awaiting the balance or the first month, or first payment not made (not cancelled)',
      ),
    }),
    'Les statistiques du back-office',
  )
  @Get()
  @ReadsProjection('order-views')
  get(): Promise<AdminStatisticsAnswer> {
    return this.queries.execute(new GetAdminStatisticsQuery());
  }
}
