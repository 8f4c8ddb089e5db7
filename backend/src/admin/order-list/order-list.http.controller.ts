import { orderStatuses } from '@coseso/event-schemas/order/order-keys';
import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { allowedActionsSchema, nextStepSchema, paymentBadgeSchema } from '../shared/admin-order.schema.js';
import { AdminGuard } from '../../auth/admin.guard.js';
import { ListOrdersQuery, type OrderListItem } from './list-orders.query.js';
import { OrderListQueryDto } from './order-list.request.dto.js';

export const orderListItemSchema = schema.object({
  id: schema.string(),
  orderNumber: schema.integer(),
  displayName: schema.string('The company, or « Commande #n »'),
  status: schema.oneOf(orderStatuses),
  statusLabel: schema.string('The status’s back-office label (spec §4.1)'),
  companyName: schema.nullable(schema.string()),
  companySector: schema.nullable(schema.string()),
  contactEmail: schema.nullable(schema.string()),
  selectedTemplate: schema.nullable(schema.string()),
  billingPeriod: schema.nullable(schema.string()),
  depositPaid: schema.boolean(),
  finalPaid: schema.boolean(),
  payment: paymentBadgeSchema,
  currentStep: schema.integer('Wizard step, out of 8'),
  subscriptionStatus: schema.nullable(schema.string()),
  totalAmount: schema.nullable(schema.integer('Total excluding VAT (HT), in euro cents')),
  totalWithVat: schema.nullable(schema.integer('Total including VAT (TTC), in euro cents')),
  catalogueVersion: schema.nullable(
    schema.integer('The catalogue version the price was computed at; null until the wizard is completed'),
  ),
  emptyDraft: schema.boolean('A draft nobody filled in'),
  failedEmails: schema.integer('Emails of the order the queue gave up on'),
  allowedActions: allowedActionsSchema,
  nextStep: schema.nullable(nextStepSchema),
  paymentFailedAt: schema.nullable(schema.dateTime('When the payment awaited from the client last failed')),
  createdAt: schema.dateTime(),
  lastActiveAt: schema.dateTime('Last activity'),
});

/**
 * `GET /api/orders`: the most recently active orders, for the back-office (the email-test page
 * shows the first five). The same query as the admin list, first page, drafts nobody filled in left out.
 */
@ApiTags('Back-office')
@Controller('api/orders')
@UseGuards(AdminGuard)
export class OrderListHttpController {
  constructor(private readonly queries: QueryBus) {}

  @ApiAnswer(schema.array(orderListItemSchema), 'Les dernières commandes')
  @Get()
  @ReadsProjection('order-views')
  async list(@Query() query: OrderListQueryDto): Promise<OrderListItem[]> {
    const { orders } = await this.queries.execute(
      new ListOrdersQuery({ drafts: false, page: 1, pageSize: query.limit }),
    );
    return orders;
  }
}
