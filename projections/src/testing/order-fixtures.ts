import { currentDefinition } from '@coseso/event-schemas/catalog';
import { randomUUID } from 'node:crypto';
import { type RecordedOrderEvent } from '@coseso/domain/orders/order-state';
import { type OrderStatus, orderStatuses } from '@coseso/domain/orders/order-status';
import { orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { type EventStore, type NewEvent } from '@coseso/event-store/event-store';

/** The history of order number `n`: statuses and plans vary with n, every event made by the real decider. */
export function orderHistory(n: number, orderId: string = randomUUID()): RecordedOrderEvent[] {
  const status: OrderStatus = orderStatuses[n % orderStatuses.length]!;
  const billing =
    status === 'awaiting_first_monthly_payment'
      ? 'monthly'
      : status === 'awaiting_balance_payment'
        ? 'yearly'
        : n % 4 === 1
          ? 'monthly'
          : 'yearly';
  return orderIn(status, { billing, orderId, orderNumber: 1000 + n }).history;
}

export const toNewEvent = (event: RecordedOrderEvent, index: number): NewEvent => ({
  type: event.type,
  schemaVersion: currentDefinition(event.type).schemaVersion,
  data: event.data,
  metadata: {
    ...event.metadata,
    commandId: `fixture-${index}`,
    correlationId: `fixture-${index}`,
    causationId: `fixture-${index}`,
  },
});

/** Appends `count` order histories, one append per event as a live system would; returns how many events. */
export async function appendOrders(
  store: EventStore,
  count: number,
  from = 0,
  concurrency = 8,
): Promise<number> {
  let appended = 0;
  let next = from;
  const worker = async () => {
    while (next < from + count) {
      const n = next++;
      const orderId = randomUUID();
      const history = orderHistory(n, orderId);
      for (const [i, event] of history.entries()) {
        await store.appendToStream(`order-${orderId}`, [toNewEvent(event, i)], {
          expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1),
        });
      }
      appended += history.length;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return appended;
}
