import { OrderSummaryRow } from '@coseso/projections/read-models/order-views/order-summary.entity';
import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { type DataSource } from 'typeorm';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { READ_MODELS } from '../../infra/tokens.js';
import { AdminGuard } from '../auth/admin.guard.js';
import { OrderListQueryDto } from './order-list.request.dto.js';

/** `GET /api/orders`: the latest orders, for the back-office (the email-test page shows the first five). */
@Controller('api/orders')
@UseGuards(AdminGuard)
export class OrderListHttpController {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  @Get()
  @ReadsProjection('order-views')
  async list(@Query() query: OrderListQueryDto) {
    const rows = await this.readModels
      .getRepository(OrderSummaryRow)
      .find({ order: { createdAt: 'DESC' }, take: query.limit });
    return rows.map((row) => ({
      id: row.orderId,
      orderNumber: row.orderNumber,
      status: row.status,
      companyName: row.companyName,
      companySector: row.companySector,
      contactEmail: row.contactEmail,
      selectedTemplate: row.selectedTemplate,
      billingPeriod: row.billingPeriod,
      depositPaid: row.depositPaid,
      finalPaid: row.finalPaid,
      currentStep: row.currentStep,
      subscriptionStatus: row.subscriptionStatus,
      totalAmount: row.totalAmount,
      totalWithVat: row.totalWithVat,
      createdAt: row.createdAt,
      lastActiveAt: row.lastActivityAt,
    }));
  }
}
