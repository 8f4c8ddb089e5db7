import { type AdminOrderSort, DEFAULT_ADMIN_ORDER_SORT } from '@coseso/domain/orders/admin-order-sort';
import { paymentBadge, orderDisplayName } from '@coseso/domain/orders/admin-order-view';
import { inertName } from '@coseso/domain/shared/inert-text';
import { orderMoves } from '@coseso/domain/orders/order-moves';
import { adminStatusLabels, type OrderStatus } from '@coseso/domain/orders/order-status';
import { AdminStatisticsRow } from '@coseso/projections/read-models/order-views/admin-statistics.entity';
import {
  CLIENT_SORT_COLLATION,
  OrderSummaryRow,
} from '@coseso/projections/read-models/order-views/order-summary.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';
import {
  CountOrderViewsQuery,
  ListOrdersQuery,
  type OrderViewCounts,
  type OrderListCriteria,
  type OrderListItem,
  type OrderListPage,
} from './list-orders.query.js';

/** `%` and `_` typed in the search box are searched for, not wildcards. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type OrderBy = Record<string, 'ASC' | 'DESC' | { order: 'ASC' | 'DESC'; nulls: 'NULLS LAST' }>;

/**
 * Each sort ends on the order id, so ties keep one place and offset pages neither repeat nor skip
 * an order. Each reads off an index of the same shape (the default list's: the empty-draft flag,
 * the key, the id); « oldest » is the backward scan of « recent », hence its id descending.
 */
const orderings: Readonly<Record<AdminOrderSort, OrderBy>> = {
  activity: { 'o.lastActivityAt': 'DESC', 'o.orderId': 'ASC' },
  recent: { 'o.createdAt': 'DESC', 'o.orderId': 'ASC' },
  oldest: { 'o.createdAt': 'ASC', 'o.orderId': 'DESC' },
  amount: { 'o.totalWithVat': { order: 'DESC', nulls: 'NULLS LAST' }, 'o.orderId': 'ASC' },
  // In French alphabetical order (ICU's), as the index is: an accented initial among its letter.
  client: { [`lower(o.companyName) collate "${CLIENT_SORT_COLLATION}"`]: 'ASC', 'o.orderId': 'ASC' },
  // The longest wait first (« À traiter »: the oldest move due); orders nobody waits on last.
  waiting: { 'o.waitingSince': { order: 'ASC', nulls: 'NULLS LAST' }, 'o.orderId': 'ASC' },
};

/**
 * The back-office list (and the email-test page's latest orders): filters on indexed columns, the
 * case-insensitive search on the summary's lower-case search text through its trigram index, the
 * page read off an index in the list's order, and the count of all matches in the same statement
 * (one round trip, one pooled connection). Each row carries the facts the order's rules read, from
 * which its allowed actions and next step are computed now (the domain's orderMoves): a rule
 * change shows on the next read, without a rebuild, and no page reads the folded state.
 */
@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  async execute({ criteria }: ListOrdersQuery): Promise<OrderListPage> {
    const { page, pageSize } = criteria;
    const offset = (page - 1) * pageSize;
    const { entities, raw } = await matching(this.summaries().createQueryBuilder('o'), 'o', criteria)
      .addSelect((count) => countOf(count, criteria), 'total')
      .orderBy(orderings[criteria.sort ?? (criteria.queue ? 'waiting' : DEFAULT_ADMIN_ORDER_SORT)])
      .offset(offset)
      .limit(pageSize)
      .getRawAndEntities<{ total: number }>();
    // A page past the end has no row to carry the count: only then is it asked for alone.
    const total = raw[0]?.total ?? (offset === 0 ? 0 : await this.countAlone(criteria));
    return {
      orders: entities.map(toItem),
      total,
      page,
      pageSize,
      pageCount: Math.ceil(total / pageSize),
    };
  }

  private summaries() {
    return this.readModels.getRepository(OrderSummaryRow);
  }

  private async countAlone(criteria: OrderListCriteria): Promise<number> {
    const count = await countOf(this.readModels.createQueryBuilder(), criteria).getRawOne<{
      total: number;
    }>();
    return count?.total ?? 0;
  }
}

/**
 * How many orders match. The whole list (no filter, no search, the empty drafts left out) is the
 * « total orders » statistic: the projector keeps it in the same transaction as the summaries and it
 * counts the same orders, so reading it is exact, without counting every row on the landing view.
 */
function countOf(query: SelectQueryBuilder<ObjectLiteral>, criteria: OrderListCriteria) {
  const wholeList =
    !criteria.drafts &&
    !criteria.status &&
    !criteria.template &&
    !criteria.catalogueVersion &&
    !criteria.queue &&
    !criteria.search?.trim();
  if (wholeList)
    return query
      .select('coalesce(max(s.totalOrders), 0)', 'total')
      .from(AdminStatisticsRow, 's')
      .where(`s.id = 'all'`);
  return matching(query.select('count(*)::int', 'total').from(OrderSummaryRow, 'm'), 'm', criteria);
}

function matching<Q extends SelectQueryBuilder<ObjectLiteral>>(
  query: Q,
  alias: string,
  criteria: OrderListCriteria,
): Q {
  query.where(`${alias}.emptyDraft = :drafts`, { drafts: criteria.drafts });
  if (criteria.status) query.andWhere(`${alias}.status = :status`, { status: criteria.status });
  if (criteria.queue === 'payment_failed') query.andWhere(`${alias}.paymentFailedAt is not null`);
  else if (criteria.queue) query.andWhere(`${alias}.nextActor = :actor`, { actor: criteria.queue });
  if (criteria.template)
    query.andWhere(`${alias}.selectedTemplate = :template`, { template: criteria.template });
  if (criteria.catalogueVersion)
    query.andWhere(`${alias}.catalogueVersion = :catalogueVersion`, {
      catalogueVersion: criteria.catalogueVersion,
    });
  const search = criteria.search?.trim();
  // The search text is stored in lower case: LIKE on it is ILIKE's answer, at a fraction of the cost.
  if (search)
    query.andWhere(`${alias}.searchText like :pattern`, { pattern: likePattern(search.toLowerCase()) });
  return query;
}

/** The row's facts, with the moves the order's rules make of them now (none in a row stored before them). */
function toItem(row: OrderSummaryRow): OrderListItem {
  const moves = row.moveFacts ? orderMoves(row.moveFacts) : null;
  return {
    id: row.orderId,
    orderNumber: row.orderNumber,
    displayName: orderDisplayName(row.companyName, row.orderNumber),
    status: row.status,
    statusLabel: adminStatusLabels[row.status as OrderStatus] ?? row.status,
    companyName: inertName(row.companyName),
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
    catalogueVersion: row.catalogueVersion,
    emptyDraft: row.emptyDraft,
    failedEmails: row.failedEmails,
    allowedActions: moves?.allowedActions ?? [],
    nextStep: moves?.nextStep ?? null,
    paymentFailedAt: moves?.paymentFailedAt ? new Date(moves.paymentFailedAt) : null,
    createdAt: row.createdAt,
    lastActiveAt: row.lastActivityAt,
  };
}

/** The saved views' counts in one pass over the list's orders (the empty drafts left out). */
@QueryHandler(CountOrderViewsQuery)
export class CountOrderViewsHandler implements IQueryHandler<CountOrderViewsQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  async execute(): Promise<OrderViewCounts> {
    const row = await this.readModels
      .getRepository(OrderSummaryRow)
      .createQueryBuilder('o')
      .select(`count(*) filter (where o.nextActor = 'team')::int`, 'team')
      .addSelect(`count(*) filter (where o.nextActor = 'client')::int`, 'client')
      .addSelect(`count(*) filter (where o.paymentFailedAt is not null)::int`, 'payment_failed')
      .addSelect(`count(*) filter (where o.status = 'cancelled')::int`, 'cancelled')
      .where('o.emptyDraft = false')
      .getRawOne<OrderViewCounts>();
    return row ?? { team: 0, client: 0, payment_failed: 0, cancelled: 0 };
  }
}
