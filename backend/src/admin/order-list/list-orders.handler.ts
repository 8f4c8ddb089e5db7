import { OrderSummaryRow } from '@coseso/projections/read-models/order-views/order-summary.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';
import { ListOrdersQuery, type OrderListItem } from './list-orders.query.js';

@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  async execute({ limit }: ListOrdersQuery): Promise<OrderListItem[]> {
    const rows = await this.readModels
      .getRepository(OrderSummaryRow)
      .find({ order: { createdAt: 'DESC' }, take: limit });
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
