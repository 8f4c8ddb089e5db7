import { orderIdOf } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../../reactors/reactor.js';

export const EXPIRE_STALE_LINKS_JOB = 'expire-stale-payment-links';

/** The events that can change what an order's payment links should charge, or whether it waits for them. */
const changesWhatIsDue: ReadonlySet<string> = new Set([
  'OrderFormReopened',
  'OrderFormCompleted',
  'StatusCorrected',
  'OrderCancelled',
]);

/**
 * The backstop of the closing done right after a change (StaleLinks): from the log, with the job's
 * retries, for a provider that could not be reached then or a process that died in between.
 */
export const staleLinksReactor: Reactor = {
  name: 'stale-payment-links',
  react(event) {
    if (!changesWhatIsDue.has(event.type)) return [];
    const orderId = orderIdOf(event);
    return [{ name: EXPIRE_STALE_LINKS_JOB, jobId: `stale-links:${event.eventId}`, data: { orderId } }];
  },
};
