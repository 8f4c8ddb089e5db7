import { orderIdOf } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../../reactors/reactor.js';

export const MOVE_CLIENT_LOGIN_JOB = 'move-client-login';

/** A corrected contact email moves the client's login and re-sends the chosen emails: finished by a job if its command could not. */
export const contactEmailReactor: Reactor = {
  name: 'contact-email',
  react(event) {
    if (event.type !== 'ContactEmailCorrected') return [];
    return [
      {
        name: MOVE_CLIENT_LOGIN_JOB,
        jobId: `move-login:${event.eventId}`,
        data: { orderId: orderIdOf(event), eventId: event.eventId },
      },
    ];
  },
};
