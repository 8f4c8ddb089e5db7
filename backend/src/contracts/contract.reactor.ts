import { orderIdOf } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../reactors/reactor.js';
import { ISSUE_CONTRACT_JOB } from './issue-contract.job.js';

/**
 * The first payment calls for the contract to sign, once the order is linked to its client's account:
 * the onboarding sends the set-password email before it links, so the contract's email (which sends
 * the client to the area) never arrives before the way to get in.
 */
export const contractReactor: Reactor = {
  name: 'contracts',
  react(event) {
    if (event.type !== 'OrderLinkedToClient') return [];
    const orderId = orderIdOf(event);
    return [
      {
        name: ISSUE_CONTRACT_JOB,
        jobId: `contract:${event.eventId}`,
        data: { orderId, eventId: event.eventId },
      },
    ];
  },
};
