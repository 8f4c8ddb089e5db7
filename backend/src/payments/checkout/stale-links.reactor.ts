import { orderIdOf } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../../reactors/reactor.js';

export const EXPIRE_STALE_LINKS_JOB = 'expire-stale-payment-links';

/** A completed order edited again no longer matches its payment links: they are closed. */
export const staleLinksReactor: Reactor = {
  name: 'stale-payment-links',
  react(event) {
    if (event.type !== 'OrderFormReopened') return [];
    const orderId = orderIdOf(event);
    const changedAt = String(event.metadata['occurredAt'] ?? event.recordedAt.toISOString());
    return [
      { name: EXPIRE_STALE_LINKS_JOB, jobId: `stale-links:${event.eventId}`, data: { orderId, changedAt } },
    ];
  },
};
