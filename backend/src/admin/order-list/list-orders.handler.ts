import { paymentBadge, orderDisplayName } from '@coseso/domain/orders/admin-order-view';
import { adminStatusLabels, type OrderStatus } from '@coseso/domain/orders/order-status';
import { OrderSummaryRow } from '@coseso/projections/read-models/order-views/order-summary.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource, type SelectQueryBuilder } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';
import {
  ListOrdersQuery,
  type OrderListCriteria,
  type OrderListItem,
  type OrderListPage,
} from './list-orders.query.js';

/** `%` and `_` typed in the search box are searched for, not wildcards. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The back-office list (and the email-test page's latest orders): filters on indexed columns, the
 * case-insensitive search on the summary's lower-case search text through its trigram index, the
 * page and the count of all matches read side by side.
 */
@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  async execute({ criteria }: ListOrdersQuery): Promise<OrderListPage> {
    const { page, pageSize } = criteria;
    const matching = this.matching(criteria);
    const [rows, count] = await Promise.all([
      matching
        .clone()
        .orderBy('o.lastActivityAt', 'DESC')
        .addOrderBy('o.orderId', 'ASC')
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .getMany(),
      matching.clone().select('count(*)::int', 'total').getRawOne<{ total: number }>(),
    ]);
    const total = count?.total ?? 0;
    return {
      orders: rows.map(toItem),
      total,
      page,
      pageSize,
      pageCount: Math.ceil(total / pageSize),
    };
  }

  private matching(criteria: OrderListCriteria): SelectQueryBuilder<OrderSummaryRow> {
    const query = this.readModels
      .getRepository(OrderSummaryRow)
      .createQueryBuilder('o')
      .where('o.emptyDraft = :drafts', { drafts: criteria.drafts });
    if (criteria.status) query.andWhere('o.status = :status', { status: criteria.status });
    if (criteria.template) query.andWhere('o.selectedTemplate = :template', { template: criteria.template });
    const search = criteria.search?.trim();
    // The search text is stored in lower case: LIKE on it is ILIKE's answer, at a fraction of the cost.
    if (search) query.andWhere('o.searchText like :pattern', { pattern: likePattern(search.toLowerCase()) });
    return query;
  }
}

function toItem(row: OrderSummaryRow): OrderListItem {
  return {
    id: row.orderId,
    orderNumber: row.orderNumber,
    displayName: orderDisplayName(row.companyName, row.orderNumber),
    status: row.status,
    statusLabel: adminStatusLabels[row.status as OrderStatus] ?? row.status,
    companyName: row.companyName,
    companySector: row.companySector,
    contactEmail: row.contactEmail,
    selectedTemplate: row.selectedTemplate,
    billingPeriod: row.billingPeriod,
    depositPaid: row.depositPaid,
    finalPaid: row.finalPaid,
    payment: paymentBadge(row),
    currentStep: row.currentStep,
    subscriptionStatus: row.subscriptionStatus,
    totalAmount: row.totalAmount,
    totalWithVat: row.totalWithVat,
    emptyDraft: row.emptyDraft,
    allowedActions: row.allowedActions,
    createdAt: row.createdAt,
    lastActiveAt: row.lastActivityAt,
  };
}
