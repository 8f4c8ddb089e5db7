import { type OrderState } from '@coseso/domain/orders/order-state';
import { type AnswerOf, schema } from '../../infra/http/api-schemas.js';
import { namedActorSchema } from '../event-log/event-log.schema.js';

const state = () => schema.open<OrderState>('The whole order (OrderState), as the replay folds it');

export const orderHistoryEventSchema = schema.object({
  revision: schema.integer(),
  position: schema.integer(),
  type: schema.string(),
  occurredAt: schema.dateTime(),
  recordedAt: schema.dateTime(),
  actor: namedActorSchema,
  description: schema.string('One French line'),
  data: schema.any('The event’s data, as stored'),
  hash: schema.nullable(schema.string("The event's link in the stream's hash chain")),
  state: state(),
  changes: schema.array(
    schema.object({
      path: schema.string('e.g. form.companyName'),
      label: schema.nullable(schema.string('Its French name, where it has one')),
      before: schema.any('The value before the event (any JSON; absent: null)'),
      after: schema.any('The value after it'),
    }),
    'What this event changed',
  ),
});

/** `GET /api/admin/orders/{orderId}/history`: every event of the order, and the order after each. */
export const orderHistorySchema = schema.object({
  orderId: schema.string(),
  orderNumber: schema.integer(),
  events: schema.array(orderHistoryEventSchema),
  at: schema.nullable(
    schema.object({
      at: schema.dateTime(),
      revision: schema.nullable(schema.integer('The last event at that time; null before the order existed')),
      state: schema.nullable(state()),
    }),
  ),
});

export type OrderHistoryEvent = AnswerOf<typeof orderHistoryEventSchema>;
export type OrderHistory = AnswerOf<typeof orderHistorySchema>;
