import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { OrderSummaryRow } from '@coseso/projections/read-models/order-views/order-summary.entity';
import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { type DataSource } from 'typeorm';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { READ_MODELS } from '../../infra/tokens.js';
import { AdminGuard } from '../auth/admin.guard.js';
import { OrderListQueryDto } from './order-list.request.dto.js';

/** `GET /api/orders`: the latest orders, for the back-office (the email-test page shows the first five). */
@ApiTags('Back-office')
@Controller('api/orders')
@UseGuards(AdminGuard)
export class OrderListHttpController {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  @ApiAnswer(
    schema.array(
      schema.object({
        id: schema.string(),
        orderNumber: schema.integer(),
        status: schema.string(),
        companyName: schema.nullable(schema.string()),
        companySector: schema.nullable(schema.string()),
        contactEmail: schema.nullable(schema.string()),
        selectedTemplate: schema.nullable(schema.string()),
        billingPeriod: schema.nullable(schema.string()),
        depositPaid: schema.boolean(),
        finalPaid: schema.boolean(),
        currentStep: schema.integer(),
        subscriptionStatus: schema.nullable(schema.string()),
        totalAmount: schema.nullable(
          schema.integer('Total in euro cents (see the order’s price for HT and TTC)'),
        ),
        createdAt: schema.dateTime(),
        lastActiveAt: schema.dateTime(),
      }),
    ),
    'Les dernières commandes',
  )
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
      totalAmount: row.totalWithVat,
      createdAt: row.createdAt,
      lastActiveAt: row.lastActivityAt,
    }));
  }
}
