import { erasureOf } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../../reactors/reactor.js';

export const FINISH_CLIENT_ERASURE_JOB = 'finish-client-erasure';

/** A client erased in the log is erased outside it too: finished by a job if its command could not. */
export const clientErasureReactor: Reactor = {
  name: 'client-erasure',
  react(event) {
    if (event.type !== 'ClientDataErased') return [];
    const clientId = erasureOf(event)?.clientId;
    if (!clientId) return [];
    return [
      {
        name: FINISH_CLIENT_ERASURE_JOB,
        jobId: `finish-erasure:${event.eventId}`,
        data: { clientId, eventId: event.eventId },
      },
    ];
  },
};
