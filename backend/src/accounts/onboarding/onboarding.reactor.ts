import { orderIdOf } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../../reactors/reactor.js';
import { ONBOARD_CLIENT_JOB } from './onboard-client.job.js';

/** The first payment makes the payer a client: account, link to the order, set-password email. */
export const onboardingReactor: Reactor = {
  name: 'onboarding',
  react(event) {
    if (event.type !== 'DepositPaid' && event.type !== 'SetupFeePaid') return [];
    const orderId = orderIdOf(event);
    return [
      {
        name: ONBOARD_CLIENT_JOB,
        jobId: `onboard:${event.eventId}`,
        data: { orderId, eventId: event.eventId },
      },
    ];
  },
};
