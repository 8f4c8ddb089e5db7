import { orderIdOf } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../reactors/reactor.js';
import { ISSUE_CONTRACT_JOB } from './contract-issuer.js';

/** The first payment calls for the contract to sign. */
export const contractReactor: Reactor = {
  name: 'contracts',
  react(event) {
    if (event.type !== 'DepositPaid' && event.type !== 'SetupFeePaid') return [];
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
